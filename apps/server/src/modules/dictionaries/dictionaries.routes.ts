import { isGlobalTagSwitchOn } from '../../platform/platform-settings';
import { ALL_PROJECT_LEVELS, dictionaryCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { ModuleContext } from '../context';
import { DictionariesRepository } from './dictionaries.repository';
import { DictionariesService } from './dictionaries.service';

/** Dictionary routes: the platform's (any signed-in user) and an app's (any member of the app). */
export function registerDictionariesModule({ app, database }: ModuleContext): void {
  const dictionaries = new DictionariesService(new DictionariesRepository(database), () =>
    isGlobalTagSwitchOn(database),
  );
  registerCall(app, dictionaryCalls.all, 'user', async () => dictionaries.all());
  registerCall(app, dictionaryCalls.app, { appLevels: ALL_PROJECT_LEVELS }, ({ params }) =>
    dictionaries.forApp(params.appId),
  );
}
