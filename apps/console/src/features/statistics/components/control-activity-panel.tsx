import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { STAT_PAGE_SIZES, utcDay } from '@beacon/shared';
import { CHART_PALETTE } from '../../../components/charts';
import { useControlActivity } from '../api/get-control-activity';
import { prefersReducedMotion, seriesOption } from '../lib/chart-option';
import { DaysTable } from './days-table';
import { failureOf } from './failure';
import { ReportPanel } from './report-panel';
import { StatChart } from './stat-chart';
import { formatPoints } from '../lib/format';
import { useStatFormat } from './use-stat-format';

type Column = 'controlActive' | 'controlRate' | 'restActive' | 'restRate';

/**
 * The app's global control group against everyone else (issue 34 §1): each day's share of each side's devices that
 * were active, as two lines, the mean daily rates and their difference, and the counts by day in the table view.
 */
export function ControlActivityPanel({
  appId,
  range,
}: {
  appId: number;
  range: { start: string; end: string };
}) {
  const { t } = useTranslation();
  const f = useStatFormat();
  const report = useControlActivity(appId, range);
  const a = report.data;
  const days = useMemo(() => a?.days ?? [], [a]);
  const option = useMemo(
    () =>
      seriesOption(
        days.map((d) => (d.day === utcDay() ? t('statistics.range.partialDay', { day: d.day }) : d.day)),
        [
          {
            key: 'control',
            name: t('statistics.control.control'),
            color: CHART_PALETTE[3],
            values: days.map((d) => d.control.rate * 100),
            rate: true,
          },
          {
            key: 'rest',
            name: t('statistics.control.rest'),
            color: CHART_PALETTE[0],
            values: days.map((d) => d.rest.rate * 100),
            rate: true,
          },
        ],
        f,
        { animation: !prefersReducedMotion() },
      ),
    [days, f, t],
  );
  const rows = days.map((d) => ({
    date: d.day,
    controlActive: d.control.active,
    controlRate: d.control.rate * 100,
    restActive: d.rest.active,
    restRate: d.rest.rate * 100,
  }));
  const columns: Array<{ key: Column; title: string; rate?: boolean }> = [
    { key: 'controlActive', title: t('statistics.control.controlActive') },
    { key: 'controlRate', title: t('statistics.control.controlRate'), rate: true },
    { key: 'restActive', title: t('statistics.control.restActive') },
    { key: 'restRate', title: t('statistics.control.restRate'), rate: true },
  ];
  const empty = !a
    ? undefined
    : a.meanRate === null
      ? a.share === 0
        ? t('statistics.control.off')
        : t('statistics.control.empty', { start: a.start, end: a.end })
      : undefined;
  const m = a?.meanRate;
  return (
    <ReportPanel
      testId="control-activity"
      title={t('statistics.control.title')}
      loading={report.isPending}
      failure={failureOf(report)}
      empty={empty}
      controls={
        a && m ? (
          <Typography.Paragraph type="secondary" data-testid="control-summary" style={{ marginBottom: 8 }}>
            {t('statistics.control.summary', {
              share: f.rate(a.share),
              control: f.count(a.control.devices),
              rest: f.count(a.rest.devices),
              controlRate: f.rate(m.control * 100),
              restRate: f.rate(m.rest * 100),
              // percentage points, signed: how much more everyone else was active than the control group
              lift: formatPoints(m.lift * 100, f.lang, 1),
            })}
          </Typography.Paragraph>
        ) : undefined
      }
      chart={
        <StatChart
          option={option}
          label={t('statistics.control.chart', { start: a?.start ?? range.start, end: a?.end ?? range.end })}
        />
      }
      table={
        <DaysTable
          rows={rows}
          columns={columns}
          pageSize={STAT_PAGE_SIZES.user}
          caption={t('statistics.control.table')}
          testId="control-table"
        />
      }
    />
  );
}
