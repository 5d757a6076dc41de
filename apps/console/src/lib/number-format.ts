import type { Language } from '../i18n/language';

/**
 * The console's one way of writing numbers: digits grouped and rates signed the reader's way (fr: 18 326 and 13,04 %,
 * en and zh: 18,326 and 13.04%). Every screen, export preview and chart writes its figures through these.
 */
const LOCALES: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', fr: 'fr-FR' };
const cache = new Map<string, Intl.NumberFormat>();

function formatter(lang: Language, kind: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}:${kind}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALES[lang], options);
    cache.set(key, f);
  }
  return f;
}

const finite = (n: number) => (Number.isFinite(n) ? n : 0);

/** A whole count. */
export const formatNumber = (n: number, lang: Language): string =>
  formatter(lang, 'whole', { maximumFractionDigits: 0 }).format(finite(n));

/** A count (two decimals at most: averages). */
export const formatCount = (n: number, lang: Language): string =>
  formatter(lang, 'count', { maximumFractionDigits: 2 }).format(finite(n));

/** A rate the server gives in percent (13.04 means 13.04 %), with the language's percent sign. */
export const formatRate = (pct: number, lang: Language): string =>
  formatter(lang, 'rate', { style: 'percent', maximumFractionDigits: 2 }).format(finite(pct) / 100);

/** A count written short for an axis (12K, 1,2 k, 1.2万). */
export const formatCompact = (n: number, lang: Language): string =>
  formatter(lang, 'compact', { notation: 'compact', maximumFractionDigits: 1 }).format(finite(n));

/**
 * A difference of two rates in percentage points, signed (+3.5, −13.89, 0): a true minus sign (U+2212) in every
 * language, as French writes it, so that lifts and differences read alike on every screen.
 */
export const formatPoints = (points: number, lang: Language, digits = 2): string =>
  formatter(lang, `points${digits}`, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: 'exceptZero',
  })
    .format(finite(points))
    .replace('-', '−');

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const;

/**
 * A size in bytes with its decimal unit (1 kB = 1,000 B), one decimal from kB up, in the language's units: en and zh
 * 512 B, 1.5 MB; fr 512 o, 1,5 Mo.
 */
export function formatBytes(bytes: number, lang: Language): string {
  let value = Math.max(0, finite(bytes));
  let unit = 0;
  while (value >= 999.95 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const text = formatter(lang, `bytes:${unit}`, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
  // Intl writes en's bytes as "512 byte": the symbol B, as for the larger units
  return unit === 0 ? text.replace(/bytes?/, 'B') : text;
}
