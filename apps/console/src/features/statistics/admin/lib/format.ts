import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, parseLanguage, type Language } from '../../../../i18n/language';
import { formatDateTime } from '../../../../lib/date-format';
import { formatCount, formatRate } from '../../../../lib/number-format';

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
    return {
      lang,
      count: (n) => formatCount(n, lang),
      rate: (pct) => formatRate(pct, lang),
      time: (ms) => `${formatDateTime(ms, { zone: 'UTC', lang })} UTC`,
    };
  }, [lang]);
}

/** `MM-DD` of a day `YYYY-MM-DD` (chart labels). */
export const shortDay = (day: string) => day.slice(5);
