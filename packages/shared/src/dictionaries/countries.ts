/** Region codes that name no country (groupings, private use, unknown). */
const NOT_COUNTRIES = new Set([
  'EU',
  'EZ',
  'UN',
  'QO',
  'ZZ',
  'XA',
  'XB',
  'AN',
  'BU',
  'CS',
  'DD',
  'FX',
  'NT',
  'SU',
  'TP',
  'YD',
  'YU',
  'ZR',
]);

let cached: string[] | undefined;

/**
 * ISO 3166-1 alpha-2 country codes known to the runtime's ICU (Node and browsers ship full ICU), sorted.
 * Derived from Intl.DisplayNames so no hand-written table can drift.
 */
export function countryCodes(): string[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  const codes: string[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (!NOT_COUNTRIES.has(code) && names.of(code) !== code) codes.push(code);
    }
  }
  cached = codes;
  return codes;
}

let set: Set<string> | undefined;

/** Whether `code` is an ISO 3166-1 alpha-2 country code (upper case). */
export function isCountryCode(code: string): boolean {
  set ??= new Set(countryCodes());
  return set.has(code);
}

/** A country's name in a console language. */
export function countryName(code: string, lang: 'en' | 'zh' | 'fr'): string {
  return (
    new Intl.DisplayNames([lang === 'zh' ? 'zh-Hans' : lang], { type: 'region', fallback: 'code' }).of(
      code,
    ) ?? code
  );
}
