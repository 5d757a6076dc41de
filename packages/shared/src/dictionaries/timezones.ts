/**
 * Whether `zone` is an IANA time-zone name the runtime knows (`Africa/Lagos`, `Asia/Calcutta`, `UTC`);
 * numeric offsets such as `+01:00` are refused.
 */
export function isIanaZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone) || zone.length > 64) return false;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * One formatter per zone the runtime knows (building an Intl.DateTimeFormat costs tens of microseconds, and every
 * device registration checks its zone and takes its offset): the cache holds only valid zones, a few hundred at most.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Each zone's offset in the last UTC minute asked about (offsets change on whole minutes). */
const lastOffset = new Map<string, { minute: number; offset: number }>();

/** The zone's offset from UTC in minutes at `at` (e.g. Asia/Kolkata → 330, America/Sao_Paulo → -180). */
export function utcOffsetMinutes(zone: string, at: Date = new Date()): number {
  const minute = Math.floor(at.getTime() / 60_000);
  const last = lastOffset.get(zone);
  if (last?.minute === minute) return last.offset;
  const offset = computeOffset(zone, at);
  lastOffset.set(zone, { minute, offset });
  return offset;
}

function computeOffset(zone: string, at: Date): number {
  const parts = formatterOf(zone).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** Formats an offset in minutes as `±HH:MM`. */
export function formatUtcOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

let offsetCache: string[] | undefined;

/**
 * The UTC offsets in use from −12:00 to +14:00 (half and quarter hours included), as `±HH:MM`, ascending: every
 * offset any IANA zone of the runtime has in January or July, so the list follows the tz database.
 */
export function utcOffsets(): string[] {
  if (offsetCache) return offsetCache;
  const year = new Date().getUTCFullYear();
  const instants = [new Date(Date.UTC(year, 0, 15)), new Date(Date.UTC(year, 6, 15))];
  const zones = [...Intl.supportedValuesOf('timeZone'), 'Etc/GMT+12', 'Etc/GMT-14'];
  const minutes = new Set<number>();
  for (const zone of zones) {
    for (const at of instants) {
      try {
        const m = utcOffsetMinutes(zone, at);
        if (m >= -720 && m <= 840) minutes.add(m);
      } catch {
        // a zone the runtime lists but cannot format: skip it
      }
    }
  }
  offsetCache = [...minutes].sort((a, b) => a - b).map(formatUtcOffset);
  return offsetCache;
}
