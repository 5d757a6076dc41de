import dayjs from 'dayjs';

const DAY = 24 * 3600;

/** Each unit with the smallest span (seconds) it is used from: days up to two months, as "40 days ago" reads best. */
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number, number]> = [
  ['year', 365 * DAY, 365 * DAY],
  ['month', 60 * DAY, 30 * DAY],
  ['day', DAY, DAY],
  ['hour', 3600, 3600],
  ['minute', 60, 60],
];

/** "40 days ago" / "in 2 hours" in the console language, for `iso` relative to `now`. */
export function relativeTime(iso: string, lang: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(lang === 'zh' ? 'zh-CN' : lang, { numeric: 'auto' });
  for (const [unit, from, size] of UNITS) {
    if (Math.abs(seconds) >= from) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(seconds, 'second');
}

/** `2024-05-01 14:03:22 (UTC+01:00)` in the browser's time zone. */
export function localDateTime(iso: string): string {
  const d = dayjs(iso);
  return `${d.format('YYYY-MM-DD HH:mm:ss')} (UTC${d.format('Z')})`;
}
