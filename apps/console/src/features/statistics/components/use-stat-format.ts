import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, parseLanguage, type Language } from '../../../i18n/language';
import type { ChartFormat } from '../lib/chart-option';
import { formatCompact, formatCount, formatRate } from '../lib/format';

export interface StatFormat extends ChartFormat {
  lang: Language;
}

/** The statistics' number writers in the console language (re-rendered when it changes). */
export function useStatFormat(): StatFormat {
  const { i18n } = useTranslation();
  const lang = parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  return useMemo(
    () => ({
      lang,
      count: (n: number) => formatCount(n, lang),
      rate: (pct: number) => formatRate(pct, lang),
      compact: (n: number) => formatCompact(n, lang),
    }),
    [lang],
  );
}
