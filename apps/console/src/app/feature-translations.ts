import { setFeatureStrings, type Strings } from '../i18n';
import { type Language } from '../i18n/language';

/**
 * Each feature keeps its strings beside its code, in `features/<domain>/i18n/{en,zh,fr}.json` (a feature's part with
 * strings of its own: `features/<domain>/admin/i18n`; the message editor's, key `compose`, in `message-editor/i18n`),
 * merged into the one `translation` namespace (their top-level keys are the feature's own). They load when a screen
 * that uses them opens (i18n's loadFeatureStrings, awaited by those routes in router.tsx): one chunk per language
 * (vite.config.ts).
 */
const FILES: Record<Language, Record<string, () => Promise<Strings>>> = {
  en: import.meta.glob<Strings>(
    ['../features/*/i18n/en.json', '../features/*/admin/i18n/en.json', '../message-editor/i18n/en.json'],
    {
      import: 'default',
    },
  ),
  zh: import.meta.glob<Strings>(
    ['../features/*/i18n/zh.json', '../features/*/admin/i18n/zh.json', '../message-editor/i18n/zh.json'],
    {
      import: 'default',
    },
  ),
  fr: import.meta.glob<Strings>(
    ['../features/*/i18n/fr.json', '../features/*/admin/i18n/fr.json', '../message-editor/i18n/fr.json'],
    {
      import: 'default',
    },
  ),
};

setFeatureStrings((language) => Promise.all(Object.values(FILES[language]).map((load) => load())));
