import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, parseLanguage } from '../../../i18n/language';
import { formatCount } from '../../../lib/number-format';

/** Writes a count in the reader's language (fr: 18 326; en, zh: 18,326); `null` as a dash. */
export function useCount() {
  const { i18n } = useTranslation();
  const lang = parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  return (n: number | null | undefined) => (n === null || n === undefined ? '—' : formatCount(n, lang));
}
