import { Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';
import { formatNumber } from '../lib/number-format';

/** What a range counts: a plain whole number, hours or days. */
export type RangeUnit = 'whole' | 'hours' | 'days';

const KEYS = { whole: 'form.wholeRange', hours: 'form.hoursRange', days: 'form.daysRange' } as const;

/**
 * Whether a number typed is outside min..max or not whole. An empty input (null) is not judged here: the field's own
 * check says whether it may be empty. Used where antd's min / max would have clamped the value on blur without a word.
 */
export function outOfRange(value: number | null | undefined, min: number, max: number): boolean {
  return typeof value === 'number' && !(Number.isInteger(value) && value >= min && value <= max);
}

/** "A whole number from 1 to 1,000" in the console language, its numbers written the reader's way ("1 000" in fr). */
export function useRangeText() {
  const { t } = useTranslation();
  return useCallback(
    (min: number, max: number, unit: RangeUnit = 'whole') => {
      const lang = currentLanguage();
      return t(KEYS[unit], { min: formatNumber(min, lang), max: formatNumber(max, lang) });
    },
    // t is a new function once the language changes
    [t],
  );
}

/**
 * The range under a number input that no form holds (a builder's row, a toolbar), shown while the value typed is
 * outside it: the input keeps what was typed, and this says what it takes.
 */
export function RangeError({
  min,
  max,
  unit = 'whole',
  testId,
}: {
  min: number;
  max: number;
  unit?: RangeUnit | undefined;
  testId?: string | undefined;
}) {
  const text = useRangeText();
  return (
    <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }} data-testid={testId}>
      {text(min, max, unit)}
    </Typography.Text>
  );
}
