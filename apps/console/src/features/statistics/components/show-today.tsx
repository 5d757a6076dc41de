import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { addDays, utcDay } from '@beacon/shared';
import type { DayRange } from '../lib/range';

/**
 * The empty state of a range that ends yesterday (the default): nothing up to yesterday, today's figures partial,
 * and a button that shows today. Undefined for any other range (its own sentence says what is empty).
 */
export function useTodayEmpty(range: DayRange, setRange: (range: DayRange) => void) {
  const { t } = useTranslation();
  const today = utcDay();
  if (range.end !== addDays(today, -1)) return undefined;
  return {
    text: t('statistics.empty.untilYesterday', { start: range.start, end: range.end }),
    action: (
      <Button type="primary" data-testid="show-today" onClick={() => setRange({ start: today, end: today })}>
        {t('statistics.empty.showToday')}
      </Button>
    ),
  };
}
