import { Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  addDays,
  isoWeeksInYear,
  MONTHS_IN_LIST,
  pickDays,
  pickOf,
  pickRange,
  STAT_RANGE_DAYS,
  utcDay,
  WEEKS_IN_LIST,
  type PeriodPick,
  type StatRangeKind,
} from '@beacon/shared';
import { useAdminFormat } from '../lib/format';
import type { DayRange } from '../lib/range';

interface PeriodRangeSelectProps {
  kind: StatRangeKind;
  unit: 'week' | 'month';
  value: DayRange;
  onChange: (range: DayRange) => void;
}

type End = 'from' | 'to';

/**
 * The report's weeks or months (part 2 §3 "year, month, week", §9 "Month list 12, week list 53"): a from and a to,
 * each a year and a week (ISO, 1–53) or a month (1–12). The range stays the report's days (the URL's start and end);
 * pickRange turns a pick into them. A pick the report cannot answer (longer than its longest range) narrows to the
 * period just picked, and periods with no pickable day are disabled.
 */
export function PeriodRangeSelect({ kind, unit, value, onChange }: PeriodRangeSelectProps) {
  const { t } = useTranslation();
  const { lang } = useAdminFormat();
  const today = utcDay();
  const picks: Record<End, PeriodPick> = { from: pickOf(value.start, unit), to: pickOf(value.end, unit) };
  const count = unit === 'week' ? WEEKS_IN_LIST : MONTHS_IN_LIST;
  const years: number[] = [];
  const oldest = pickOf(addDays(today, -STAT_RANGE_DAYS[kind]), unit).year;
  for (let y = pickOf(today, unit).year; y >= oldest; y--) years.push(y);
  const pickable = (p: PeriodPick) => pickRange(kind, unit, p, p, today) !== undefined;
  const monthName = (n: number) =>
    new Intl.DateTimeFormat(lang === 'zh' ? 'zh-Hans' : lang, { month: 'long', timeZone: 'UTC' }).format(
      Date.UTC(2000, n - 1, 1),
    );
  const label = (p: PeriodPick) => {
    if (unit === 'month') return monthName(p.n);
    const days = pickDays('week', p);
    return t('statisticsAdmin.report.weekOption', {
      n: p.n,
      start: days.start.slice(5),
      end: days.end.slice(5),
    });
  };

  const handlePick = (end: End, p: PeriodPick) => {
    const next = { ...picks, [end]: p };
    const range = pickRange(kind, unit, next.from, next.to, today) ?? pickRange(kind, unit, p, p, today);
    if (range) onChange(range);
  };

  const side = (end: End) => {
    const p = picks[end];
    const name = t(`statisticsAdmin.report.${end}`);
    return (
      <Flex gap={4} align="center" data-testid={`admin-report-${unit}-${end}`}>
        <Typography.Text type="secondary">{name}</Typography.Text>
        <Select<number>
          style={{ width: 90 }}
          value={p.year}
          aria-label={t('statisticsAdmin.report.year', { end: name })}
          data-testid={`admin-report-${unit}-${end}-year`}
          options={years.map((y) => ({ value: y, label: String(y) }))}
          onChange={(year) => {
            const n = unit === 'week' ? Math.min(p.n, isoWeeksInYear(year)) : p.n;
            handlePick(end, { year, n });
          }}
        />
        <Select<number>
          style={{ width: unit === 'week' ? 190 : 140 }}
          virtual={false}
          value={p.n}
          aria-label={t(`statisticsAdmin.report.${unit}Of`, { end: name })}
          data-testid={`admin-report-${unit}-${end}-n`}
          options={Array.from({ length: count }, (_, i) => {
            const option = { year: p.year, n: i + 1 };
            const exists = unit === 'month' || option.n <= isoWeeksInYear(p.year);
            return {
              value: option.n,
              label: exists ? label(option) : t('statisticsAdmin.report.noWeek53', { year: p.year }),
              disabled: !exists || !pickable(option),
            };
          })}
          onChange={(n) => handlePick(end, { year: p.year, n })}
        />
      </Flex>
    );
  };

  return (
    <Flex wrap gap={8} align="center" data-testid={`admin-report-${unit}-range`}>
      {side('from')}
      {side('to')}
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="admin-report-period-days">
        {t('statisticsAdmin.report.periodDays', { start: value.start, end: value.end })}
      </Typography.Text>
    </Flex>
  );
}
