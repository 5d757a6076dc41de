/** The spec's custom sub-languages (part 1 §3 "Dictionaries"). */
export const CUSTOM_SUB_LANGUAGES = ['pt_BR', 'es_US', 'ar_TN', 'ar_DZ', 'ar_LY', 'ar_MA'] as const;

/** normalizeLanguage's answers by input (null: not a tag), bounded: a fleet speaks a few hundred tags at most. */
const normalized = new Map<string, string | null>();
const NORMALIZED_MAX = 2000;

/**
 * Normalises a device language: a BCP 47 tag (`pt-BR`, `en`, `zh-Hant-TW`) or an underscore form (`pt_BR`) becomes
 * `language` or `language_REGION` (`pt_BR`, `en`, `zh_TW`). Returns undefined when it is not a valid tag.
 */
export function normalizeLanguage(input: string): string | undefined {
  const hit = normalized.get(input);
  if (hit !== undefined) return hit ?? undefined;
  if (!/^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/.test(input)) return undefined;
  let value: string | null;
  try {
    const locale = new Intl.Locale(input.replace(/_/g, '-'));
    value = locale.region ? `${locale.language}_${locale.region}` : locale.language;
  } catch {
    value = null;
  }
  // every device registration names its language: an Intl.Locale each time was 6 % of a registration's CPU
  if (normalized.size >= NORMALIZED_MAX) normalized.clear();
  normalized.set(input, value);
  return value ?? undefined;
}

let languageCache: string[] | undefined;

/**
 * Two-letter ISO 639-1 language codes known to the runtime's ICU, sorted. Derived from Intl.DisplayNames so no
 * hand-written table can drift.
 */
export function languageCodes(): string[] {
  if (languageCache) return languageCache;
  const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
  const codes: string[] = [];
  for (let a = 97; a <= 122; a++) {
    for (let b = 97; b <= 122; b++) {
      const code = String.fromCharCode(a, b);
      let name: string | undefined;
      try {
        name = names.of(code);
      } catch {
        name = undefined;
      }
      if (name && name !== code) codes.push(code);
    }
  }
  languageCache = codes;
  return codes;
}

/** A language's name in a console language; `pt_BR` style codes get the regional name ("Brazilian Portuguese"). */
export function languageName(code: string, lang: 'en' | 'zh' | 'fr'): string {
  const names = new Intl.DisplayNames([lang === 'zh' ? 'zh-Hans' : lang], {
    type: 'language',
    fallback: 'code',
  });
  try {
    return names.of(code.replace(/_/g, '-')) ?? code;
  } catch {
    return code;
  }
}
