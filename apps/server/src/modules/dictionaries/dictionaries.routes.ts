import { ALL_PROJECT_LEVELS, dictionaryCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { FastifyInstance } from 'fastify';
import type { DictionariesService } from './dictionaries.service';

/** Dictionary routes: the platform's (any signed-in user) and an app's (any member of the app). */
export function registerDictionariesRoutes(app: FastifyInstance, dictionaries: DictionariesService): void {
  registerCall(app, dictionaryCalls.all, 'user', async () => dictionaries.all());
  registerCall(app, dictionaryCalls.app, { appLevels: ALL_PROJECT_LEVELS }, ({ params }) =>
    dictionaries.forApp(params.appId),
  );
}
