import { Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALERT_LIMITS, type AdminAlert } from '@beacon/shared';
import { useServerAlerts } from '../api/get-alerts';
import { useAdminFormat } from '../lib/format';

/** /statistics?item=alert: the open server alerts (GET /tcm/v1/dashboard/alarm), the first 100, every 60 s. */
export function AlertsTab() {
  const { t, i18n } = useTranslation();
  const format = useAdminFormat();
  const alerts = useServerAlerts(i18n.language);
  const total = alerts.data?.total ?? 0;
  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary" data-testid="admin-alerts-count">
          {total > ALERT_LIMITS.shown
            ? t('statisticsAdmin.alerts.first', { shown: ALERT_LIMITS.shown, total })
            : t('statisticsAdmin.alerts.open', { count: total })}
        </Typography.Text>
        <Typography.Text type="secondary">{t('statisticsAdmin.alerts.refresh')}</Typography.Text>
      </Flex>
      <Table<AdminAlert>
        rowKey="id"
        size="middle"
        data-testid="admin-alerts-table"
        loading={alerts.isLoading}
        dataSource={(alerts.data?.results ?? []).slice(0, ALERT_LIMITS.shown)}
        locale={{ emptyText: t('statisticsAdmin.alerts.empty') }}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          {
            title: t('statisticsAdmin.alerts.severity'),
            dataIndex: 'severity',
            render: (s: AdminAlert['severity']) => (
              <Tag color={s === 'error' ? 'red' : 'orange'}>{t(`statisticsAdmin.alerts.${s}`)}</Tag>
            ),
          },
          {
            title: t('statisticsAdmin.col.app'),
            dataIndex: 'appTitle',
            render: (title: string) => title || t('statisticsAdmin.alerts.platform'),
          },
          { title: t('statisticsAdmin.alerts.message'), dataIndex: 'message' },
          {
            title: t('statisticsAdmin.alerts.count'),
            dataIndex: 'count',
            align: 'right',
            render: (n: number) => format.count(n),
          },
          {
            title: t('statisticsAdmin.alerts.last'),
            dataIndex: 'lastAt',
            render: (at: string) => format.time(Date.parse(at)),
          },
        ]}
      />
    </>
  );
}
