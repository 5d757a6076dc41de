import type { ModuleContext, ModuleParts } from '../context';
import { registerUploadsRoutes } from './uploads.routes';
import { UploadsService } from './uploads.service';

/** Compose uploads: images stored through the files service, and the small-icon check. */
export function uploadsModule({ app, services }: ModuleContext): ModuleParts {
  const uploads = new UploadsService(services.files);
  return { routes: () => registerUploadsRoutes(app, uploads) };
}
