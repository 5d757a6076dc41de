import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import { type Locale as AntdLocale } from 'antd/es/locale';
import antdEnUS from 'antd/es/locale/en_US';
import { reportError } from '../lib/error-reporter';
import { safeStorage } from '../lib/storage';
import en from './en.json';
import {
  type Language,
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  parseLanguage,
  resolveLanguage,
} from './language';

/** A language's strings (the `translation` namespace), or the part of them one feature keeps. */
export type Strings = Record<string, unknown>;

/** Loads the features' strings of a language (app/feature-translations.ts): one object per feature. */
export type FeatureStringsLoader = (language: Language) => Promise<Strings[]>;

interface LanguagePack {
  strings: Strings;
  antd: AntdLocale;
}

/**
 * The core strings of en are bundled (every page and every fallback needs them); zh and fr load when chosen, with
 * dayjs's and antd's locale. The features' strings load once a screen needs them (loadFeatureStrings).
 */
const PACKS: Record<Exclude<Language, 'en'>, () => Promise<LanguagePack>> = {
  zh: async () => {
    const [strings, antd] = await Promise.all([
      import('./zh.json'),
      import('antd/es/locale/zh_CN'),
      import('dayjs/locale/zh-cn'),
    ]);
    return { strings: strings.default, antd: antd.default };
  },
  fr: async () => {
    const [strings, antd] = await Promise.all([
      import('./fr.json'),
      import('antd/es/locale/fr_FR'),
      import('dayjs/locale/fr'),
    ]);
    return { strings: strings.default, antd: antd.default };
  },
};

const DAYJS_LOCALES: Record<Language, string> = { en: 'en', zh: 'zh-cn', fr: 'fr' };
const antdLocales: Partial<Record<Language, AntdLocale>> = { en: antdEnUS };
const packs = new Map<Language, Promise<void>>();
const features = new Map<Language, Promise<void>>();
let featureStrings: FeatureStringsLoader | null = null;
let featuresWanted = false;

function applyLanguage(language: Language): void {
  dayjs.locale(DAYJS_LOCALES[language]);
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : language;
}

const initial = resolveLanguage(window.location.search, safeStorage.get(LANGUAGE_STORAGE_KEY));
if (initial.fromQuery) safeStorage.set(LANGUAGE_STORAGE_KEY, initial.language);

// Starts in en, the only language held from the start; startLanguage() switches to the page's language.
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});
applyLanguage(DEFAULT_LANGUAGE);
i18n.on('languageChanged', (lng) => applyLanguage(parseLanguage(lng) ?? DEFAULT_LANGUAGE));

/** Runs a load once per language; a failed one (offline) is tried again next time. */
function once(
  loads: Map<Language, Promise<void>>,
  language: Language,
  load: () => Promise<void>,
): Promise<void> {
  let pending = loads.get(language);
  if (!pending) {
    pending = load();
    pending.catch(() => loads.delete(language));
    loads.set(language, pending);
  }
  return pending;
}

function loadPack(language: Language): Promise<void> {
  if (language === 'en') return Promise.resolve();
  return once(packs, language, async () => {
    const pack = await PACKS[language]();
    i18n.addResourceBundle(language, 'translation', pack.strings, true, true);
    antdLocales[language] = pack.antd;
  });
}

function loadFeatures(language: Language): Promise<void> {
  const loader = featureStrings;
  if (!loader) return Promise.resolve();
  return once(features, language, async () => {
    // Merged under the core strings, never over them (the features' top-level keys are their own).
    for (const strings of await loader(language))
      i18n.addResourceBundle(language, 'translation', strings, true, false);
  });
}

/** What a language needs before it is shown: its pack, and the features' strings once screens use them. */
async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([loadPack(language), featuresWanted ? loadFeatures(language) : undefined]);
}

/** Sets where the features' strings come from (app/feature-translations.ts does, when it is imported). */
export function setFeatureStrings(loader: FeatureStringsLoader): void {
  featureStrings = loader;
}

let requested: Language = DEFAULT_LANGUAGE;

/** Shows a language once it is loaded; of several quick choices the last one wins. */
async function showLanguage(language: Language): Promise<void> {
  requested = language;
  await loadLanguage(language);
  if (requested === language && i18n.language !== language) await i18n.changeLanguage(language);
}

/**
 * Loads the features' strings of en (the fallback) and of the shown language, once. The routes of the screens that
 * use them wait for it (app/router.tsx); from then on a language switch loads them with the language.
 */
export function loadFeatureStrings(): Promise<void> {
  featuresWanted = true;
  const languages = new Set<Language>([DEFAULT_LANGUAGE, requested, currentLanguage()]);
  return Promise.all([...languages].map(loadFeatures)).then(() => undefined);
}

/** Loads and applies the page's language (a `lang` query parameter, the stored choice, else en); render after it. */
export function startLanguage(): Promise<void> {
  return showLanguage(initial.language).catch((error: unknown) => {
    // Offline or a missing chunk: the page still starts, in en.
    console.error('could not load the console language', error);
  });
}

/** The current console language. */
export function currentLanguage(): Language {
  return parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
}

/** antd's locale for a language that has been shown (en otherwise). */
export function antdLocale(language: Language): AntdLocale {
  return antdLocales[language] ?? antdEnUS;
}

/** Switches the console language (after loading it, the first time) and remembers the choice. */
export function setLanguage(language: Language): void {
  safeStorage.set(LANGUAGE_STORAGE_KEY, language);
  showLanguage(language).catch(reportError);
}

export { i18n };
