import { LOSS_CODES, ScheduleType } from '@beacon/shared';
import { currentLanguage } from '../../../i18n';
import type { Language } from '../../../i18n/language';
import { formatDateTime, formatWallTime } from '../../../lib/date-format';
import { formatNumber, formatPoints, formatRate as formatPercent } from '../../../lib/number-format';

const LANG_INDEX: Record<Language, 0 | 1 | 2> = { en: 0, zh: 1, fr: 2 };

/** A count in the console language (lib/number-format). */
export const formatCount = (n: number, lang: Language = currentLanguage()): string => formatNumber(n, lang);

/** A rate the server gives in percent (13.04 means 13.04 %), in the console language. */
export const formatRate = (pct: number, lang: Language = currentLanguage()): string =>
  formatPercent(pct, lang);

/** A difference of two rates (0–1 each) in signed percentage points, in the console language (−13.89, +2.50). */
export const formatLift = (diff: number, lang: Language = currentLanguage()): string =>
  formatPoints(Math.round(diff * 10_000) / 100, lang);

export const ratio = (n: number, d: number): number => (d > 0 ? Math.round((n / d) * 10000) / 100 : 0);

/** The name of a loss code from a shared [en, zh, fr] table, or undefined for a code it lacks. */
export function codeName(
  table: Record<number, readonly [string, string, string]>,
  code: number,
  lang: Language,
): string | undefined {
  return table[code]?.[LANG_INDEX[lang]];
}

/** The name of a dispatch-loss code in the console language (spec part 2 §8), or undefined for a code it lacks. */
export const lossName = (code: number, lang: Language): string | undefined =>
  codeName(LOSS_CODES, code, lang);

/** A country's name in the console language (ICU), or the code itself. */
export function countryName(code: string, lang: Language): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames([lang === 'zh' ? 'zh-Hans' : lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A UTC offset in minutes as `UTC+05:30`. */
export function offsetLabel(minutes: number | null): string {
  if (minutes === null) return 'UTC';
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** An ISO instant in a `±HHMM` zone (a list's chosen zone), in the console's date style (lib/date-format). */
export function zonedTime(iso: string, zone: string, lang: Language = currentLanguage()): string {
  return formatDateTime(iso, { zone: /^[+-]\d{4}$/.test(zone) ? zone : '+0000', lang });
}

/** The push time a row shows: its schedule for later messages, its creation time (in the list's zone) for "now". */
export function rowPushTime(
  row: { scheduleType: number; scheduleDate: string | null; createTime: string },
  zone: string,
  lang: Language = currentLanguage(),
): string {
  if (row.scheduleType !== ScheduleType.NOW && row.scheduleDate)
    return formatWallTime(row.scheduleDate, lang);
  return zonedTime(row.createTime, zone, lang);
}
