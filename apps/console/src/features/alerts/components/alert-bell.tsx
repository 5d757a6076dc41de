import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Empty, Flex, List, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_LIMITS, isSuperAdmin, type AdminAlert } from '@beacon/shared';
import { useAlerts } from '../api/get-alerts';
import { useResolveAlert } from '../api/resolve-alert';
import { formatDateTime } from '../../../lib/date-format';

function AlertItem({ alert }: { alert: AdminAlert }) {
  const { t } = useTranslation();
  const resolve = useResolveAlert();
  return (
    <List.Item
      data-testid="alert-item"
      actions={[
        <Popconfirm
          key="resolve"
          title={t('alerts.resolveConfirm')}
          onConfirm={() => resolve.mutate(alert.id)}
        >
          <Button size="small" loading={resolve.isPending}>
            {t('alerts.resolve')}
          </Button>
        </Popconfirm>,
      ]}
    >
      <List.Item.Meta
        title={
          <Flex gap={8} align="center" wrap>
            <Tag color={alert.severity === 'error' ? 'red' : 'orange'}>{t(`alerts.kind.${alert.kind}`)}</Tag>
            <Typography.Text strong>{alert.appTitle || t('alerts.platform')}</Typography.Text>
            {alert.count > 1 && <Tag>{t('alerts.times', { count: alert.count })}</Tag>}
          </Flex>
        }
        description={
          <>
            <Typography.Paragraph style={{ marginBottom: 4 }}>{alert.message}</Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {alert.count > 1
                ? t('alerts.firstLast', {
                    first: formatDateTime(alert.firstAt),
                    last: formatDateTime(alert.lastAt),
                  })
                : formatDateTime(alert.lastAt)}
            </Typography.Text>
          </>
        }
      />
    </List.Item>
  );
}

/** The header bell of platform administrators (100, 150): the open alerts' count, and a drawer listing them. */
export function AlertBell({ ulevel }: { ulevel: number }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const admin = isSuperAdmin(ulevel); // server alerts are the Dashboard's: level 100 alone
  const alerts = useAlerts(i18n.language, admin);
  if (!admin) return null;
  const total = alerts.data?.total ?? 0;
  const rows = alerts.data?.results ?? [];
  return (
    <>
      <Tooltip title={t('alerts.title')}>
        <Badge count={total} overflowCount={99} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            icon={<BellOutlined />}
            aria-label={t('alerts.openLabel', { count: total })}
            data-testid="alert-bell"
            onClick={() => setOpen(true)}
          />
        </Badge>
      </Tooltip>
      <Drawer
        title={t('alerts.title')}
        open={open}
        onClose={() => setOpen(false)}
        size={480}
        extra={
          <Typography.Text type="secondary">
            {total > ALERT_LIMITS.shown
              ? t('alerts.showingFirst', { shown: ALERT_LIMITS.shown, total })
              : t('alerts.openCount', { count: total })}
          </Typography.Text>
        }
      >
        {rows.length === 0 && !alerts.isLoading ? (
          <Empty description={t('alerts.empty')} />
        ) : (
          <List
            loading={alerts.isLoading}
            dataSource={rows}
            rowKey="id"
            renderItem={(alert) => <AlertItem alert={alert} />}
          />
        )}
      </Drawer>
    </>
  );
}
