import type { ModuleContext } from '../context';
import { ApiKeysRepository } from './api-keys.repository';
import { registerApiKeysRoutes } from './api-keys.routes';
import { ApiKeysService } from './api-keys.service';

/**
 * API keys, a core module (app.ts): the auth plugin resolves a request's key through its service before any feature
 * module is built, and its routes are the console's.
 */
export function apiKeysModule({ app, database }: Pick<ModuleContext, 'app' | 'database'>) {
  const keys = new ApiKeysService(new ApiKeysRepository(database), Date.now, (err) =>
    app.log.warn({ err }, 'api key last use not recorded'),
  );
  return { keys, routes: () => registerApiKeysRoutes(app, keys) };
}
