import { Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PLATFORM_STAT_PAGE_SIZES,
  REPORT_PERIOD_UNITS,
  ReportTimeType,
  snapRange,
  type PeriodAppRow,
  type PeriodRow,
} from '@beacon/shared';
import { useGlobalReport } from '../api/get-global-report';
import { useGlobalReportList } from '../api/get-global-report-list';
import { useAdminFormat } from '../lib/format';
import { urlNumber, useUrlState } from '../lib/use-url-state';
import { FigureCards } from './figure-cards';
import { ReportFilters, type ReportFilterValue } from './report-filters';
import { TrendCard } from './trend-card';

const TREND = [
  'push',
  'dispatch',
  'reach',
  'show',
  'click',
  'dispatchRate',
  'reachRate',
  'showRate',
  'clickRate',
];
const COLUMNS = [
  'push',
  'dispatch',
  'dispatchRate',
  'reach',
  'reachRate',
  'show',
  'showRate',
  'click',
  'clickRate',
];

const BY_TITLE = {
  1: 'statisticsAdmin.report.byDay',
  2: 'statisticsAdmin.report.byWeek',
  3: 'statisticsAdmin.report.byMonth',
} as const;

/** The grouping of the URL's timeType: 2 week, 3 month, anything else day. */
const timeTypeOf = (v: string | null): ReportTimeType =>
  v === '2' ? ReportTimeType.WEEK : v === '3' ? ReportTimeType.MONTH : ReportTimeType.DAY;

/**
 * /platformsettings?tab=report (levels 100 and 150): the figures by day, ISO week or month for an app (or every app),
 * countries and a message type: the total, the trend, and one row per period and app (20 a page).
 */
export default function PlatformReportTab() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const url = useUrlState('platform');
  const msgType = url.params.get('msgType');
  const filter: ReportFilterValue = {
    appId: urlNumber(url.params.get('appId')),
    countries: (url.params.get('country') ?? '').split(',').filter(Boolean),
    msgType: msgType === '1' ? 1 : msgType === '2' ? 2 : undefined,
    timeType: timeTypeOf(url.params.get('timeType')),
    range: url.range,
  };
  const body = {
    ...filter.range,
    ...(filter.appId ? { appId: filter.appId } : {}),
    country: filter.countries.join(','),
    ...(filter.msgType ? { msgType: filter.msgType } : {}),
    timeType: filter.timeType,
  };
  const stat = useGlobalReport(body);
  const list = useGlobalReportList({ ...body, pageNo: url.page, pageSize: PLATFORM_STAT_PAGE_SIZES.report });
  const write = (c: string, v: number) => (c.endsWith('Rate') ? format.rate(v) : format.count(v));
  // switching to weeks or months widens the range to whole periods (what the pickers then show)
  const snapped = (p: Partial<ReportFilterValue>) => {
    const unit = p.timeType ? REPORT_PERIOD_UNITS[p.timeType] : 'day';
    return unit === 'day' || p.range ? p.range : snapRange('platform', unit, filter.range);
  };
  const change = (p: Partial<ReportFilterValue>) => {
    const range = snapped(p);
    url.set({
      ...('appId' in p ? { appId: p.appId ? String(p.appId) : undefined } : {}),
      ...(p.countries ? { country: p.countries.join(',') } : {}),
      ...('msgType' in p ? { msgType: p.msgType ? String(p.msgType) : undefined } : {}),
      ...(p.timeType ? { timeType: p.timeType === ReportTimeType.DAY ? undefined : String(p.timeType) } : {}),
      ...(range ? { start: range.start, end: range.end } : {}),
    });
  };
  const period = (r: PeriodRow) => (r.start === r.end ? r.period : `${r.period} (${r.start} – ${r.end})`);
  return (
    <>
      <ReportFilters value={filter} onChange={change} />
      <FigureCards
        testId="admin-report-totals"
        loading={stat.isLoading}
        figures={(['push', 'dispatch', 'reach', 'show', 'click', 'clickRate'] as const).map((k) => ({
          key: k,
          title: t(`statisticsAdmin.metric.${k}`),
          value: write(k, stat.data?.totalData[k] ?? 0),
        }))}
      />
      <TrendCard
        title={t(BY_TITLE[filter.timeType])}
        testId="admin-report-trend"
        loading={stat.isLoading}
        metrics={TREND}
        range={url.range}
        onRange={url.setRange}
        rows={(stat.data?.rows ?? []).map((r) => ({ ...r, label: r.period }))}
      />
      <Card size="small" title={t('statisticsAdmin.report.list')}>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('statisticsAdmin.report.listNote')}
        </Typography.Paragraph>
        <Table<PeriodAppRow>
          rowKey={(r) => `${r.period}-${r.appId}`}
          size="middle"
          data-testid="admin-report-table"
          loading={list.isFetching}
          dataSource={list.data?.results ?? []}
          scroll={{ x: 1200 }}
          locale={{ emptyText: t('statisticsAdmin.emptyRange') }}
          pagination={{
            current: url.page,
            pageSize: PLATFORM_STAT_PAGE_SIZES.report,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: url.setPage,
          }}
          columns={[
            {
              title: t('statisticsAdmin.report.period'),
              key: 'period',
              render: (_: unknown, r) => period(r),
            },
            { title: t('statisticsAdmin.col.app'), dataIndex: 'title' },
            ...COLUMNS.map((c) => ({
              title: t(`statisticsAdmin.metric.${c}`),
              dataIndex: c,
              align: 'right' as const,
              render: (v: number) => write(c, v),
            })),
          ]}
        />
      </Card>
    </>
  );
}
