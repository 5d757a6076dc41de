import type { Language } from '../../../i18n/language';

/** The number locale of a console language: digits grouped the reader's way (fr: 18 326, en: 18,326). */
const LOCALES: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', fr: 'fr-FR' };

const counts = new Map<Language, Intl.NumberFormat>();
const rates = new Map<Language, Intl.NumberFormat>();
const compacts = new Map<Language, Intl.NumberFormat>();

function formatter(
  cache: Map<Language, Intl.NumberFormat>,
  lang: Language,
  options: Intl.NumberFormatOptions,
) {
  let f = cache.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(LOCALES[lang], options);
    cache.set(lang, f);
  }
  return f;
}

/** A count in the reader's language. */
export const formatCount = (n: number, lang: Language): string =>
  formatter(counts, lang, { maximumFractionDigits: 2 }).format(Number.isFinite(n) ? n : 0);

/** A rate the server gives in percent (13.04 means 13.04 %), with the language's percent sign. */
export const formatRate = (pct: number, lang: Language): string =>
  formatter(rates, lang, { style: 'percent', maximumFractionDigits: 2 }).format(
    Number.isFinite(pct) ? pct / 100 : 0,
  );

/** A count written short for an axis (12K, 1,2 M, 1.2万). */
export const formatCompact = (n: number, lang: Language): string =>
  formatter(compacts, lang, { notation: 'compact', maximumFractionDigits: 1 }).format(
    Number.isFinite(n) ? n : 0,
  );

/** How a figure moved from the day before: a count in % of the day before, a rate in percentage points. */
export interface Change {
  trend: 'up' | 'down' | 'flat' | 'new';
  /** Absolute size of the move (% for counts, points for rates); null for 'new' (nothing the day before). */
  amount: number | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const trendOf = (delta: number): Change['trend'] => (delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat');

/** A count against the day before: the change in % of the day before; 'new' when the day before had none. */
export function countChange(day: number, before: number): Change {
  if (before === 0) return day === 0 ? { trend: 'flat', amount: 0 } : { trend: 'new', amount: null };
  const pct = round2(((day - before) / before) * 100);
  return { trend: trendOf(pct), amount: Math.abs(pct) };
}

/** A rate (in %) against the day before: the difference in percentage points. */
export function rateChange(day: number, before: number): Change {
  const points = round2(day - before);
  return { trend: trendOf(points), amount: Math.abs(points) };
}
