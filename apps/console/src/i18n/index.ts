import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/fr';
import { safeStorage } from '../lib/storage';
import en from './en.json';
import fr from './fr.json';
import zh from './zh.json';
import {
  type Language,
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  parseLanguage,
  resolveLanguage,
} from './language';

const DAYJS_LOCALES: Record<Language, string> = { en: 'en', zh: 'zh-cn', fr: 'fr' };

function applyLanguage(language: Language): void {
  dayjs.locale(DAYJS_LOCALES[language]);
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : language;
}

const initial = resolveLanguage(window.location.search, safeStorage.get(LANGUAGE_STORAGE_KEY));
if (initial.fromQuery) safeStorage.set(LANGUAGE_STORAGE_KEY, initial.language);

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, zh: { translation: zh }, fr: { translation: fr } },
  lng: initial.language,
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});
applyLanguage(initial.language);
i18n.on('languageChanged', (lng) => applyLanguage(parseLanguage(lng) ?? DEFAULT_LANGUAGE));

/** The current console language. */
export function currentLanguage(): Language {
  return parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
}

/** Switches the console language and remembers the choice. */
export function setLanguage(language: Language): void {
  safeStorage.set(LANGUAGE_STORAGE_KEY, language);
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

export { i18n };
