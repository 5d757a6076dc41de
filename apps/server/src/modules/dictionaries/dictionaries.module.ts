import { targetingVocabulary } from '../../audience/check-conditions';
import { isGlobalTagSwitchOn } from '../../platform/platform-settings';
import type { ModuleContext, ModuleParts } from '../context';
import { DictionariesRepository } from './dictionaries.repository';
import { registerDictionariesRoutes } from './dictionaries.routes';
import { DictionariesService } from './dictionaries.service';

/** Dictionaries: the platform's and an app's, with the global tag switch. */
export function dictionariesModule({ app, database }: ModuleContext): ModuleParts {
  const dictionaries = new DictionariesService(
    new DictionariesRepository(database),
    () => isGlobalTagSwitchOn(database),
    targetingVocabulary(database),
  );
  return { routes: () => registerDictionariesRoutes(app, dictionaries) };
}
