import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, parseLanguage, type Language } from '../../../i18n/language';
import { formatDateTime } from '../../../lib/date-format';
import { formatNumber } from '../../../lib/number-format';

/** How the tab writes a time, a count and an age, in the reader's language. */
export interface StatusFormat {
  lang: Language;
  /** an instant in the console's date and time style */
  time: (iso: string) => string;
  /** a whole count, grouped the reader's way */
  count: (n: number) => string;
  /** an age in seconds: "12 s ago", "3 min ago", "2 h ago", "4 d ago" */
  ago: (seconds: number) => string;
  /** how long before `now` (the server's check time, so that the browser's clock does not matter) `iso` was */
  agoFrom: (iso: string, now: string) => string;
}

export const NONE = '—';

export function useStatusFormat(): StatusFormat {
  const { t, i18n } = useTranslation();
  const lang = parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const count = (n: number) => formatNumber(n, lang);
  const ago = (seconds: number) => {
    const s = Math.max(0, Math.round(seconds));
    if (s < 60) return t('systemStatus.ago.seconds', { n: count(s) });
    if (s < 3600) return t('systemStatus.ago.minutes', { n: count(Math.floor(s / 60)) });
    if (s < 86_400) return t('systemStatus.ago.hours', { n: count(Math.floor(s / 3600)) });
    return t('systemStatus.ago.days', { n: count(Math.floor(s / 86_400)) });
  };
  return {
    lang,
    time: (iso) => formatDateTime(iso, { lang }),
    count,
    ago,
    agoFrom: (iso, now) => {
      const ms = Date.parse(now) - Date.parse(iso);
      return Number.isNaN(ms) ? NONE : ago(ms / 1000);
    },
  };
}
