import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOM_EVENT_LIMITS, type EventNameRow } from '@beacon/shared';
import { formatDateTime } from '../../../../lib/date-format';
import { formatNumber } from '../../../../lib/number-format';
import { reportError } from '../../../../lib/error-reporter';
import { currentLanguage } from '../../../../i18n';
import { useDeleteEventName, useEventNames } from '../../api/custom-event-names';

/**
 * The app's custom events (issue 33 §2): the event names its SDK reported, each with its properties' types (fixed by
 * their first use), its events counted and when it was first and last seen, under the app's limits; a name can be
 * deleted (its counts go, and its place is free for another).
 */
export function CustomEventsCard({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const lang = currentLanguage();
  const [page, setPage] = useState(1);
  const pageSize = CUSTOM_EVENT_LIMITS.namesPageSize;
  const names = useEventNames(appId, page, pageSize);
  const remove = useDeleteEventName(
    appId,
    () => void message.success(t('apps.details.customEvents.deleted')),
  );
  const limits = names.data?.limits;

  const handleDelete = (row: EventNameRow) =>
    modal.confirm({
      title: t('apps.details.customEvents.deleteTitle', { name: row.name }),
      content: t('apps.details.customEvents.deleteText'),
      okText: t('apps.details.customEvents.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(row.id).catch((err: unknown) => void reportError(err)),
    });

  return (
    <Card title={t('apps.details.customEvents.title')} data-testid="custom-events-card">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {t('apps.details.customEvents.limits', {
            count: names.data?.total ?? 0,
            max: limits?.namesPerApp ?? CUSTOM_EVENT_LIMITS.namesPerApp,
            properties: limits?.propertiesPerEvent ?? CUSTOM_EVENT_LIMITS.propertiesPerEvent,
          })}
        </Typography.Text>
        <Table<EventNameRow>
          size="small"
          rowKey="id"
          loading={names.isPending}
          dataSource={names.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('apps.details.customEvents.empty')}
              />
            ),
          }}
          pagination={{
            current: page,
            pageSize,
            total: names.data?.total ?? 0,
            onChange: setPage,
            hideOnSinglePage: true,
            showSizeChanger: false,
          }}
          columns={[
            {
              key: 'name',
              title: t('apps.details.customEvents.name'),
              render: (_, r) => <Typography.Text code>{r.name}</Typography.Text>,
            },
            {
              key: 'properties',
              title: t('apps.details.customEvents.properties'),
              render: (_, r) =>
                r.properties.length === 0 ? (
                  <Typography.Text type="secondary">–</Typography.Text>
                ) : (
                  <Flex wrap gap={4}>
                    {r.properties.map((p) => (
                      <Tag key={p.key}>
                        {p.key}: {t(`apps.details.customEvents.type.${p.type}`)}
                      </Tag>
                    ))}
                  </Flex>
                ),
            },
            {
              key: 'events',
              title: t('apps.details.customEvents.events'),
              align: 'right',
              render: (_, r) => formatNumber(r.events, lang),
            },
            {
              key: 'firstSeen',
              title: t('apps.details.customEvents.firstSeen'),
              render: (_, r) => formatDateTime(r.firstSeen),
            },
            {
              key: 'lastSeen',
              title: t('apps.details.customEvents.lastSeen'),
              render: (_, r) => formatDateTime(r.lastSeen),
            },
            {
              key: 'actions',
              title: t('apps.details.customEvents.actions'),
              render: (_, r) => (
                <Button
                  danger
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('apps.details.customEvents.deleteName', { name: r.name })}
                  onClick={() => handleDelete(r)}
                >
                  {t('apps.details.customEvents.delete')}
                </Button>
              ),
            },
          ]}
        />
      </Flex>
    </Card>
  );
}
