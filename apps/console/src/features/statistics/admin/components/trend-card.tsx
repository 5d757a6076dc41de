import { Button, Card, Empty, Flex, Segmented, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, utcDay } from '@beacon/shared';
import { SeriesChart } from '../../../../components/charts';
import type { DayRange } from '../lib/range';
import { shortDay, useAdminFormat } from '../lib/format';

/** The figures a trend may show: counts, and rates in % (named …Rate). */
export type TrendRow = { label: string } & Record<string, number | string>;

interface TrendCardProps {
  title: string;
  rows: TrendRow[];
  /** the figures the reader may choose, the first shown first */
  metrics: readonly string[];
  loading: boolean;
  testId: string;
  /**
   * The range the rows cover and how to change it: when it ends yesterday (the default) and holds nothing, the empty
   * state says so and offers today in one click (its figures so far).
   */
  range?: DayRange;
  onRange?: (range: DayRange) => void;
}

const isRate = (metric: string) => metric.endsWith('Rate');
const valueOf = (row: TrendRow, metric: string) => Number(row[metric] ?? 0);

/**
 * A trend: one figure at a time as a chart (the dependency-free SVG chart, with its hidden table) or as a visible
 * table of every figure; an empty state when the range holds nothing.
 */
export function TrendCard({ title, rows, metrics, loading, testId, range, onRange }: TrendCardProps) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const [metric, setMetric] = useState(metrics[0] ?? '');
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const shown = metrics.includes(metric) ? metric : (metrics[0] ?? '');
  const empty = rows.every((r) => metrics.every((m) => valueOf(r, m) === 0));
  const write = (m: string, v: number) => (isRate(m) ? format.rate(v) : format.count(v));
  const name = (m: string) => t(`statisticsAdmin.metric.${m}`);
  const today = utcDay();
  const upToYesterday = range && onRange && range.end === addDays(today, -1);
  // today's figures are the day's so far: its point says so
  const label = (l: string) => {
    const shown = /^\d{4}-\d{2}-\d{2}$/.test(l) ? shortDay(l) : l;
    return l === today ? t('statisticsAdmin.range.partialDay', { day: shown }) : shown;
  };

  return (
    <Card
      size="small"
      title={title}
      loading={loading}
      data-testid={testId}
      extra={
        <Segmented
          size="small"
          value={view}
          onChange={(v) => setView(v as 'chart' | 'table')}
          options={[
            { value: 'chart', label: t('statisticsAdmin.view.chart') },
            { value: 'table', label: t('statisticsAdmin.view.table') },
          ]}
          aria-label={t('statisticsAdmin.view.label')}
        />
      }
      style={{ marginBottom: 16 }}
    >
      {empty ? (
        <Empty
          data-testid={`${testId}-empty`}
          description={
            upToYesterday
              ? t('statisticsAdmin.emptyUntilYesterday', { start: range.start, end: range.end })
              : t('statisticsAdmin.emptyRange')
          }
        >
          {upToYesterday && (
            <Button
              type="primary"
              data-testid={`${testId}-show-today`}
              onClick={() => onRange({ start: today, end: today })}
            >
              {t('statisticsAdmin.showToday')}
            </Button>
          )}
        </Empty>
      ) : view === 'chart' ? (
        <Flex vertical gap={8}>
          <Segmented
            size="small"
            value={shown}
            onChange={(v) => setMetric(String(v))}
            options={metrics.map((m) => ({ value: m, label: name(m) }))}
            aria-label={t('statisticsAdmin.metric.label')}
            style={{ alignSelf: 'flex-start', flexWrap: 'wrap' }}
          />
          <SeriesChart
            title={`${title}: ${name(shown)}`}
            values={rows.map((r) => valueOf(r, shown))}
            labels={rows.map((r) => label(r.label))}
            kind={rows.length > 31 ? 'line' : 'bar'}
            formatValue={(v) => write(shown, v)}
          />
        </Flex>
      ) : (
        <Table<TrendRow>
          size="small"
          rowKey="label"
          dataSource={rows}
          pagination={rows.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
          caption={<Typography.Text type="secondary">{title}</Typography.Text>}
          columns={[
            { title: t('statisticsAdmin.col.date'), dataIndex: 'label', fixed: 'left' },
            ...metrics.map((m) => ({
              title: name(m),
              dataIndex: m,
              align: 'right' as const,
              render: (v: number) => write(m, v),
            })),
          ]}
        />
      )}
    </Card>
  );
}
