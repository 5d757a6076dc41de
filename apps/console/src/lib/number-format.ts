import type { Language } from '../i18n/language';

/** The number locale of a console language: digits grouped the reader's way (fr: 18 326, en: 18,326, zh: 18,326). */
const LOCALES: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', fr: 'fr-FR' };
const formats = new Map<Language, Intl.NumberFormat>();

/** A whole count in the reader's language. */
export function formatNumber(n: number, lang: Language): string {
  let f = formats.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 0 });
    formats.set(lang, f);
  }
  return f.format(Number.isFinite(n) ? n : 0);
}
