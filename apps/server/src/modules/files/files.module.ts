import type { FastifyInstance } from 'fastify';
import { FilesRepository } from './files.repository';
import { registerFilesRoutes } from './files.routes';
import { FilesService } from './files.service';

/** Files (a core module: other modules store their uploads with its service), served by content address. */
export function filesModule(ctx: {
  app: FastifyInstance;
  /** the database's query builder (database.db) */
  db: ConstructorParameters<typeof FilesRepository>[0];
}) {
  const files = new FilesService(new FilesRepository(ctx.db));
  return { files, routes: () => registerFilesRoutes(ctx.app, files) };
}
