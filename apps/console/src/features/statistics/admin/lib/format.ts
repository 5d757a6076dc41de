import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, parseLanguage, type Language } from '../../../../i18n/language';
import { formatCount, formatRate } from '../../../../lib/number-format';

/** The number locale of a console language: digits grouped the reader's way (fr: 18 326, en: 18,326). */
const LOCALES: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', fr: 'fr-FR' };

export interface AdminFormat {
  lang: Language;
  /** a count (two decimals at most: averages) */
  count: (n: number) => string;
  /** a rate the server gives in % (13.04 means 13.04 %) */
  rate: (pct: number) => string;
  /** a time (ms since the epoch) */
  time: (ms: number) => string;
}

/** The platform statistics' number and time writers in the console language (new ones when it changes). */
export function useAdminFormat(): AdminFormat {
  const { i18n } = useTranslation();
  const lang = parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  return useMemo(() => {
    const times = new Intl.DateTimeFormat(LOCALES[lang], {
      dateStyle: 'medium',
      timeStyle: 'medium',
      timeZone: 'UTC',
    });
    return {
      lang,
      count: (n) => formatCount(n, lang),
      rate: (pct) => formatRate(pct, lang),
      time: (ms) => `${times.format(new Date(ms))} UTC`,
    };
  }, [lang]);
}

/** `MM-DD` of a day `YYYY-MM-DD` (chart labels). */
export const shortDay = (day: string) => day.slice(5);
