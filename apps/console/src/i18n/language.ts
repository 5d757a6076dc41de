import { type Lang, MESSAGE_LANGS } from '@beacon/shared';

// The plain list, not the contract's zod enum: this module is part of the entry, which loads no zod.
export type Language = Lang;
export const LANGUAGES: readonly Language[] = MESSAGE_LANGS;
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'beacon.lang';

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh: '中文', fr: 'Français' };

export function parseLanguage(value: string | null | undefined): Language | null {
  return LANGUAGES.find((language) => language === value) ?? null;
}

/** The language a page starts in: a valid `lang` query parameter, else the stored choice, else en. */
export function resolveLanguage(
  search: string,
  stored: string | null,
): { language: Language; fromQuery: boolean } {
  const fromQuery = parseLanguage(new URLSearchParams(search).get('lang'));
  if (fromQuery) return { language: fromQuery, fromQuery: true };
  return { language: parseLanguage(stored) ?? DEFAULT_LANGUAGE, fromQuery: false };
}
