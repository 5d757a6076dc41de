import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MESSAGE_STAT_SORTS, PLATFORM_STAT_PAGE_SIZES, type MessageStatSort } from '@beacon/shared';
import { platDashboardCsvHref, usePlatDashboard } from '../api/get-plat-dashboard';
import { useAdminFormat } from '../lib/format';
import { urlNumber, useUrlState } from '../lib/use-url-state';
import { AppSelect } from './app-select';
import { CsvLink } from './csv-link';
import { FigureCards } from './figure-cards';
import { MessageTable } from './message-table';
import { RangeSelect } from './range-select';
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
const TOTALS = ['push', 'dispatch', 'reach', 'show', 'click'] as const;
const RATE_OF = {
  dispatch: 'dispatchRate',
  reach: 'reachRate',
  show: 'showRate',
  click: 'clickRate',
} as const;

const sortOf = (v: string | null): MessageStatSort =>
  (MESSAGE_STAT_SORTS as readonly string[]).includes(v ?? '') ? (v as MessageStatSort) : 'push';

/**
 * /platformsettings?tab=statistics (levels 100 and 150): an app (or every app) over a range: the trend, the totals,
 * its messages sortable 10 a page with their full figures, and the CSV of them all.
 */
export default function PlatformStatisticsTab() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const url = useUrlState('platform');
  const appId = urlNumber(url.params.get('appId'));
  const sort = sortOf(url.params.get('sort'));
  const order = url.params.get('order') === 'ascend' ? 'ascend' : 'descend';
  const pageSize = PLATFORM_STAT_PAGE_SIZES.messages;
  const q = { ...url.range, ...(appId ? { appId } : {}), sort, order } as const;
  const board = usePlatDashboard({ ...q, pageNo: url.page, pageSize });
  const total = board.data?.totalData;
  return (
    <>
      <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
        <AppSelect value={appId} onChange={(id) => url.set({ appId: id ? String(id) : undefined })} />
        <Flex gap={12} wrap>
          <RangeSelect kind="platform" value={url.range} onChange={url.setRange} />
          <CsvLink href={platDashboardCsvHref(q)} testId="admin-plat-csv" />
        </Flex>
      </Flex>
      <FigureCards
        testId="admin-plat-totals"
        loading={board.isLoading}
        figures={TOTALS.map((k) => ({
          key: k,
          title: t(`statisticsAdmin.metric.${k}`),
          value: format.count(total?.[k] ?? 0),
          note:
            k === 'push'
              ? undefined
              : `${t(`statisticsAdmin.metric.${RATE_OF[k]}`)} ${format.rate(total?.[RATE_OF[k]] ?? 0)}`,
        }))}
      />
      <TrendCard
        title={t('statisticsAdmin.pushTrend')}
        testId="admin-plat-trend"
        loading={board.isLoading}
        metrics={TREND}
        range={url.range}
        onRange={url.setRange}
        rows={(board.data?.dated ?? []).map((d) => ({ ...d, label: d.date }))}
      />
      <Card size="small" title={t('statisticsAdmin.messages')}>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('statisticsAdmin.messagesNote')}
        </Typography.Paragraph>
        <MessageTable
          rows={board.data?.results ?? []}
          total={board.data?.total ?? 0}
          loading={board.isFetching}
          showApp={!appId}
          page={url.page}
          pageSize={pageSize}
          sort={sort}
          order={order}
          onPage={url.setPage}
          onSort={(s, o) =>
            url.set({ sort: s === 'push' ? undefined : s, order: o === 'descend' ? undefined : o })
          }
        />
      </Card>
    </>
  );
}
