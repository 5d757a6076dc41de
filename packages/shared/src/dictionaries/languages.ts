/** The spec's custom sub-languages (part 1 §3 "Dictionaries"). */
export const CUSTOM_SUB_LANGUAGES = ['pt_BR', 'es_US', 'ar_TN', 'ar_DZ', 'ar_LY', 'ar_MA'] as const;

/**
 * Normalises a device language: a BCP 47 tag (`pt-BR`, `en`, `zh-Hant-TW`) or an underscore form (`pt_BR`) becomes
 * `language` or `language_REGION` (`pt_BR`, `en`, `zh_TW`). Returns undefined when it is not a valid tag.
 */
export function normalizeLanguage(input: string): string | undefined {
  if (!/^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/.test(input)) return undefined;
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(input.replace(/_/g, '-'));
  } catch {
    return undefined;
  }
  return locale.region ? `${locale.language}_${locale.region}` : locale.language;
}
