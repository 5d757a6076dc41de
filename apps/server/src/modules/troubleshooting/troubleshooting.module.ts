import type { ModuleContext, ModuleParts } from '../context';
import { CustomEventsRepository } from '../custom-events';
import { TroubleshootingMessageRepository } from './troubleshooting-message.repository';
import { TroubleshootingMessageService } from './troubleshooting-message.service';
import { TroubleshootingRepository } from './troubleshooting.repository';
import { registerTroubleshootingRoutes } from './troubleshooting.routes';
import { TroubleshootingService } from './troubleshooting.service';

/** Troubleshooting: the device lookup and the trace of one message for it, each on its repository. */
export function troubleshootingModule({ app, database }: ModuleContext): ModuleParts {
  const troubleshooting = new TroubleshootingService(
    new TroubleshootingRepository(database),
    new CustomEventsRepository(database),
  );
  const messages = new TroubleshootingMessageService(new TroubleshootingMessageRepository(database));
  return { routes: () => registerTroubleshootingRoutes(app, { troubleshooting, messages }) };
}
