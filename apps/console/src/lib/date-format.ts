import { currentLanguage } from '../i18n';
import type { Language } from '../i18n/language';

/**
 * The console's one way of writing a date and time (docs/architecture.md "Dates"): Intl's medium date and short
 * time in the reader's language — en "Dec 1, 2026, 9:58 PM", zh "2026年12月1日 21:58", fr "1 déc. 2026, 21:58". Every
 * screen writes its dates through these; CSV exports and the values sent to the server keep their machine formats.
 */
const LOCALES: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', fr: 'fr-FR' };
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(lang: Language, timeZone: string | undefined, dateOnly: boolean): Intl.DateTimeFormat {
  const key = `${lang}|${timeZone ?? ''}|${dateOnly ? 'd' : 'dt'}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALES[lang], {
      dateStyle: 'medium',
      ...(dateOnly ? {} : { timeStyle: 'short' }),
      ...(timeZone ? { timeZone } : {}),
    });
    cache.set(key, f);
  }
  return f;
}

const OFFSET = /^([+-])(\d{2}):?(\d{2})$/;

/** Where an instant is read: a `±HHMM` offset the screen chose, an IANA zone, or the browser's zone (absent). */
export interface DateFormatOptions {
  zone?: string | undefined;
  lang?: Language | undefined;
}

function write(value: string | number | Date, opts: DateFormatOptions, dateOnly: boolean): string {
  const t = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(t)) return String(value);
  const lang = opts.lang ?? currentLanguage();
  const m = opts.zone ? OFFSET.exec(opts.zone) : null;
  if (m) {
    // a fixed offset: the instant moved by it, read in UTC (Intl names no "+0800" zone)
    const minutes = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
    return formatter(lang, 'UTC', dateOnly).format(t + minutes * 60_000);
  }
  return formatter(lang, opts.zone, dateOnly).format(t);
}

/** An instant (ISO text, epoch ms or a Date) as a date and time; the text itself when it is not one. */
export const formatDateTime = (value: string | number | Date, opts: DateFormatOptions = {}): string =>
  write(value, opts, false);

/** An instant as a date alone, in the same style. */
export const formatDate = (value: string | number | Date, opts: DateFormatOptions = {}): string =>
  write(value, opts, true);

/**
 * A wall time `YYYY-MM-DD HH:mm[:ss]` (a schedule as it was set: in its own zone, or in each device's for local
 * time) in the same style, not moved to any zone; the text itself when it is not one.
 */
export function formatWallTime(wall: string, lang?: Language): string {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?/.exec(wall);
  if (!m) return wall;
  return write(`${m[1]}T${m[2]}${m[3] ?? ':00'}Z`, { zone: '+0000', lang }, false);
}
