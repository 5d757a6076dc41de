import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { utcDay, type ReportDay } from '@beacon/shared';
import { CATEGORY_COLORS, DEFAULT_SELECTED, isRate, type Category } from '../lib/categories';
import { prefersReducedMotion, seriesOption } from '../lib/chart-option';
import type { DayRange } from '../lib/range';
import { DaysTable } from './days-table';
import { ReportPanel } from './report-panel';
import { SeriesLegend } from './series-legend';
import { StatChart } from './stat-chart';
import { useStatFormat } from './use-stat-format';

interface TrendPanelProps {
  title: string;
  rows: readonly ReportDay[];
  /** The range the rows cover (the server's answer). */
  range: DayRange;
  categories: readonly Category[];
  loading: boolean;
  empty?: string;
  emptyAction?: ReactNode;
  failure?: { message: string; retry: () => void };
  actions?: ReactNode;
  testId: string;
}

/** The trend over days: a line per chosen category (the legend is a keyboard-usable checkbox group), or a table. */
export function TrendPanel({
  title,
  rows,
  range,
  categories,
  loading,
  empty,
  emptyAction,
  failure,
  actions,
  testId,
}: TrendPanelProps) {
  const { t } = useTranslation();
  const f = useStatFormat();
  const [selected, setSelected] = useState<Category[]>([...DEFAULT_SELECTED, 'conversion']);
  const shown = useMemo(() => categories.filter((c) => selected.includes(c)), [categories, selected]);
  const name = (c: Category) => t(`statistics.categories.${c}`);

  const option = useMemo(
    () =>
      seriesOption(
        // today's figures are the day's so far: its point says so
        rows.map((r) => (r.date === utcDay() ? t('statistics.range.partialDay', { day: r.date }) : r.date)),
        shown.map((c) => ({
          key: c,
          name: t(`statistics.categories.${c}`),
          color: CATEGORY_COLORS[c],
          rate: isRate(c),
          values: rows.map((r) => r[c]),
        })),
        f,
        { animation: !prefersReducedMotion() },
      ),
    [rows, shown, f, t],
  );

  const legend = (
    <SeriesLegend<Category>
      label={t('statistics.legend')}
      testId="stat-legend"
      series={categories}
      selected={selected}
      onChange={setSelected}
      colorOf={(c) => CATEGORY_COLORS[c]}
      nameOf={name}
      style={{ marginBottom: 8 }}
    />
  );

  return (
    <ReportPanel
      title={title}
      loading={loading}
      empty={empty}
      emptyAction={emptyAction}
      failure={failure}
      actions={actions}
      testId={testId}
      controls={legend}
      chart={
        <StatChart
          option={option}
          label={t('statistics.chart.trend', {
            start: range.start,
            end: range.end,
            categories: shown.map(name).join(', '),
          })}
        />
      }
      table={
        <DaysTable
          rows={rows}
          columns={categories.map((c) => ({ key: c, title: name(c), rate: isRate(c) }))}
          pageSize={10}
          caption={title}
          testId={`${testId}-table`}
        />
      }
    />
  );
}
