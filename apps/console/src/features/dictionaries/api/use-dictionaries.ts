import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppDictionaries, DictEntry } from '@beacon/shared';
import type { ConditionDictionaries } from '../../../components/condition-builder';
import { useAppDictionaries } from './get-app-dictionaries';

type Lang = 'en' | 'zh' | 'fr';

const named = (entries: DictEntry[], lang: Lang) =>
  entries.map((e) => ({ value: e.code, label: `${e.name[lang] || e.name.en} (${e.code})` }));

/** Turns an app's dictionaries into the condition builder's pickers, named in the console language. */
export function toConditionDictionaries(d: AppDictionaries, lang: Lang): ConditionDictionaries {
  return {
    countries: named(d.countries, lang),
    languages: [...named(d.languages, lang), ...named(d.subLanguages, lang)],
    brands: d.brands,
    operators: d.operators,
    appVersions: d.appVersions,
    androidVersions: d.androidVersions,
    interestTags: d.interestTags,
    audiencePackages: d.audiencePackages,
    advancedTargeting: d.advancedTargeting,
    attributes: d.attributes,
    eventNames: d.eventNames,
  };
}

/** The condition builder's dictionaries for an app (and the raw ones), loading once per app. */
export function useDictionaries(appId: number) {
  const { i18n } = useTranslation();
  const query = useAppDictionaries(appId);
  const lang: Lang = i18n.language.startsWith('zh') ? 'zh' : i18n.language.startsWith('fr') ? 'fr' : 'en';
  const dictionaries = useMemo(
    () => (query.data ? toConditionDictionaries(query.data, lang) : undefined),
    [query.data, lang],
  );
  return { dictionaries, raw: query.data, isLoading: query.isLoading, isError: query.isError };
}
