import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PLATFORM_STAT_PAGE_SIZES, type AppPushRow, type AppStatStatus } from '@beacon/shared';
import { useAdminFormat } from '../lib/format';

const STATUS_COLOR: Record<AppStatStatus, string> = {
  active: 'green',
  idle: 'default',
  failing: 'red',
  destroyed: 'volcano',
};

/** One row per app: status, history rate, push, average and largest day, sortable, 10 a page. */
export function AppPushTable({ rows, loading }: { rows: AppPushRow[]; loading: boolean }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const num = (key: 'push' | 'avg' | 'max') => ({
    title: t(`statisticsAdmin.col.${key}`),
    dataIndex: key,
    align: 'right' as const,
    sorter: (a: AppPushRow, b: AppPushRow) => a[key] - b[key],
    render: (v: number) => format.count(v),
  });
  return (
    <Table<AppPushRow>
      rowKey="appId"
      size="middle"
      data-testid="admin-app-push-table"
      loading={loading}
      dataSource={rows}
      scroll={{ x: 900 }}
      locale={{ emptyText: t('statisticsAdmin.noApps') }}
      pagination={{
        pageSize: PLATFORM_STAT_PAGE_SIZES.apps,
        showSizeChanger: false,
        hideOnSinglePage: true,
        showTotal: (n) => t('statisticsAdmin.appsTotal', { count: n }),
      }}
      columns={[
        {
          title: t('statisticsAdmin.col.app'),
          dataIndex: 'title',
          sorter: (a, b) => a.title.localeCompare(b.title),
          render: (title: string, r) => (
            <>
              <Typography.Text strong>{title}</Typography.Text>
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.pkg}
              </Typography.Text>
            </>
          ),
        },
        {
          title: t('statisticsAdmin.col.status'),
          dataIndex: 'status',
          sorter: (a, b) => a.status.localeCompare(b.status),
          render: (s: AppStatStatus) => <Tag color={STATUS_COLOR[s]}>{t(`statisticsAdmin.status.${s}`)}</Tag>,
        },
        {
          title: t('statisticsAdmin.col.historyRate'),
          dataIndex: 'historyRate',
          align: 'right',
          sorter: (a, b) => a.historyRate - b.historyRate,
          render: (v: number) => format.rate(v),
        },
        { ...num('push'), defaultSortOrder: 'descend' },
        num('avg'),
        num('max'),
        {
          title: t('statisticsAdmin.col.maxDate'),
          dataIndex: 'date',
          sorter: (a, b) => a.date.localeCompare(b.date),
          render: (d: string) => d || '–',
        },
      ]}
    />
  );
}
