import { Card, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PLATFORM_STAT_PAGE_SIZES, type AppUserRow } from '@beacon/shared';
import { useUserMetric } from '../api/get-user-metric';
import { useUserReport } from '../api/get-user-report';
import { useAdminFormat } from '../lib/format';
import { useUrlState } from '../lib/use-url-state';
import { FigureCards } from './figure-cards';
import { RangeSelect } from './range-select';
import { TrendCard } from './trend-card';

const APP_COLUMNS = ['newUser', 'effective', 'avgEffective', 'devices'] as const;

/** /statistics?item=user: every app's effective and new users by day, and each app's users over the range. */
export function UserTab() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const url = useUrlState('platform');
  const report = useUserReport(url.range);
  const metric = useUserMetric(url.range);
  const r = report.data;
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('statisticsAdmin.yesterday', { date: r?.yesterday.date ?? '' })}
        </Typography.Title>
        <RangeSelect kind="platform" value={url.range} onChange={url.setRange} />
      </Flex>
      <FigureCards
        testId="admin-user-yesterday"
        loading={report.isLoading}
        figures={(['effective', 'newUser'] as const).map((k) => ({
          key: k,
          title: t(`statisticsAdmin.metric.${k}`),
          value: format.count(r?.yesterday[k] ?? 0),
          note: t('statisticsAdmin.dayBefore', { value: format.count(r?.before[k] ?? 0) }),
        }))}
      />
      <TrendCard
        title={t('statisticsAdmin.userTrend')}
        testId="admin-user-trend"
        loading={report.isLoading}
        metrics={['effective', 'newUser']}
        range={url.range}
        onRange={url.setRange}
        rows={(r?.dated ?? []).map((d) => ({ ...d, label: d.date }))}
      />
      <Card size="small" title={t('statisticsAdmin.usersByApp')}>
        <Table<AppUserRow>
          rowKey="appId"
          size="middle"
          data-testid="admin-user-table"
          loading={metric.isFetching}
          dataSource={metric.data?.rows ?? []}
          locale={{ emptyText: t('statisticsAdmin.noApps') }}
          pagination={{
            pageSize: PLATFORM_STAT_PAGE_SIZES.apps,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
          columns={[
            {
              title: t('statisticsAdmin.col.app'),
              dataIndex: 'title',
              sorter: (a, b) => a.title.localeCompare(b.title),
              render: (title: string, row) => (
                <>
                  <Typography.Text strong>{title}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {row.pkg}
                  </Typography.Text>
                </>
              ),
            },
            ...APP_COLUMNS.map((c) => ({
              title: t(`statisticsAdmin.col.${c}`),
              dataIndex: c,
              align: 'right' as const,
              sorter: (a: AppUserRow, b: AppUserRow) => a[c] - b[c],
              ...(c === 'newUser' ? { defaultSortOrder: 'descend' as const } : {}),
              render: (v: number) => format.count(v),
            })),
          ]}
        />
      </Card>
    </>
  );
}
