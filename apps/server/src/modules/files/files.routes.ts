import type { FastifyInstance } from 'fastify';
import { ErrorCodes, errorMessage } from '@beacon/shared';
import type { FilesService } from './files.service';

/** Serves uploaded files by content address with long cache headers (the address changes when the bytes do). */
export function registerFilesRoutes(app: FastifyInstance, files: FilesService): void {
  app.get<{ Params: { name: string } }>('/files/:name', { schema: { hide: true } }, async (req, reply) => {
    const [sha, ext] = req.params.name.split('.');
    const file = sha ? await files.get(sha) : undefined;
    if (!file || file.ext !== ext)
      return reply
        .code(404)
        .send({ status: ErrorCodes.NOT_FOUND, msg: errorMessage(ErrorCodes.NOT_FOUND, req.lang) });
    return reply
      .header('content-type', file.mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(file.data);
  });
}
