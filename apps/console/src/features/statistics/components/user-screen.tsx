import { Card, Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STAT_PAGE_SIZES, utcDay, type UserDay } from '@beacon/shared';
import { CHART_PALETTE, type ChartColor } from '../../../components/charts';
import { ListHeader } from '../../../components/list-header';
import { useUserReport } from '../api/get-user-report';
import { prefersReducedMotion, seriesOption } from '../lib/chart-option';
import { usersExportHref } from '../lib/export';
import { cardFigures } from '../lib/figures';
import { DaysTable } from './days-table';
import { ControlActivityPanel } from './control-activity-panel';
import { ExportLink } from './export-link';
import { failureOf } from './failure';
import { RangeBar } from './range-filter';
import { useTodayEmpty } from './show-today';
import { ReportPanel } from './report-panel';
import { StatChart } from './stat-chart';
import { StatTabs } from './stat-tabs';
import { useStatFormat } from './use-stat-format';
import { useStatParams } from './use-stat-params';
import { YesterdayCards } from './yesterday-cards';

type Metric = 'effective' | 'newUser';
const METRICS: readonly Metric[] = ['effective', 'newUser'];
const COLORS: Record<Metric, ChartColor> = { effective: CHART_PALETTE[0], newUser: CHART_PALETTE[2] };

const hasUsers = (rows: readonly UserDay[]) => rows.some((r) => r.effective > 0 || r.newUser > 0);

/** statisticsData/user: yesterday's effective and new users, and both per day over a range (≤ 366 days). */
export function UserScreen({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const f = useStatFormat();
  const p = useStatParams('user', STAT_PAGE_SIZES.user);
  const report = useUserReport(appId, p.asked);
  const [metric, setMetric] = useState<Metric>('effective');
  const range = report.data ?? p.range;
  const rows = useMemo(() => report.data?.dated ?? [], [report.data]);
  const name = (m: Metric) => t(`statistics.categories.${m}`);
  const todayEmpty = useTodayEmpty(range, p.setRange);
  const cards = report.data
    ? cardFigures(METRICS, report.data.yesterday, report.data.before, () => false, { name, ...f })
    : [];
  const option = useMemo(
    () =>
      seriesOption(
        rows.map((r) => (r.date === utcDay() ? t('statistics.range.partialDay', { day: r.date }) : r.date)),
        [
          {
            key: metric,
            name: t(`statistics.categories.${metric}`),
            color: COLORS[metric],
            values: rows.map((r) => r[metric]),
          },
        ],
        f,
        { kind: 'bar', animation: !prefersReducedMotion() },
      ),
    [rows, metric, f, t],
  );

  return (
    <Card variant="borderless" data-testid="stat-user">
      <ListHeader
        wrap
        title={t('statistics.title')}
        subtitle={t('statistics.subtitle.user')}
        style={{ marginBottom: 4 }}
      />
      <StatTabs appId={appId} active="user" />
      <YesterdayCards day={report.data?.yesterday.date} figures={cards} loading={report.isPending} />
      <RangeBar kind="user" value={p.range} onChange={p.setRange} asked={p.asked} answer={report.data} />
      <ReportPanel
        testId="users"
        title={t('statistics.users.chartTitle')}
        loading={report.isPending}
        failure={failureOf(report)}
        empty={
          report.data && !hasUsers(rows)
            ? (todayEmpty?.text ?? t('statistics.empty.users', { start: range.start, end: range.end }))
            : undefined
        }
        emptyAction={todayEmpty?.action}
        actions={<ExportLink href={usersExportHref(appId, range)} testId="export-users" />}
        controls={
          <Segmented<Metric>
            aria-label={t('statistics.legend')}
            data-testid="user-metric"
            value={metric}
            onChange={setMetric}
            options={METRICS.map((m) => ({ value: m, label: name(m) }))}
            style={{ marginBottom: 8 }}
          />
        }
        chart={
          <StatChart
            option={option}
            label={t('statistics.chart.users', {
              category: name(metric),
              start: range.start,
              end: range.end,
            })}
          />
        }
        table={
          <DaysTable
            rows={rows}
            columns={METRICS.map((m) => ({ key: m, title: name(m) }))}
            pageSize={STAT_PAGE_SIZES.user}
            caption={t('statistics.users.table')}
            testId="users-table"
          />
        }
      />
      <ControlActivityPanel appId={appId} range={range} />
    </Card>
  );
}
