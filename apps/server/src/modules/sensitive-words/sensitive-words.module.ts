import { ErrorCodes } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import type { ModuleContext, ModuleParts } from '../context';
import { SensitiveWordsRepository } from './sensitive-words.repository';
import { registerSensitiveWordsRoutes } from './sensitive-words.routes';
import { SensitiveWordsService } from './sensitive-words.service';

/** Sensitive words: the platform's and each app's lists, and the content check. */
export function sensitiveWordsModule({ app, database }: ModuleContext): ModuleParts {
  const repo = new SensitiveWordsRepository(database);
  const words = new SensitiveWordsService(repo);
  // platform admins pass the guard without a role on the app: make sure the app exists
  const requireApp = async (appId: number) => {
    if (!(await repo.appExists(appId))) throw new ApiError(ErrorCodes.APP_UNKNOWN);
  };
  return { routes: () => registerSensitiveWordsRoutes(app, { words, requireApp }) };
}
