import { Alert, Card, Descriptions, type DescriptionsProps, Empty, Flex, Table, Tag } from 'antd';
import { type ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { type EventsLogStatus, type StreamReplica } from '@beacon/shared';
import { NONE, useStatusFormat } from './use-status-format';

/** Where the device API's events go, how many wait to be applied, and (NATS) the stream's replicas. */
export function EventsCard({ events }: { events: EventsLogStatus }) {
  const { t } = useTranslation();
  const format = useStatusFormat();
  const items: NonNullable<DescriptionsProps['items']> = [
    {
      key: 'mode',
      label: t('systemStatus.events.mode'),
      children: t(`systemStatus.events.modes.${events.mode}`),
    },
  ];
  // applied at once, nothing ever waits: no figure to show
  if (events.mode !== 'direct')
    items.push({
      key: 'waiting',
      label: t('systemStatus.events.waiting'),
      children: events.waiting === null ? NONE : format.count(events.waiting),
    });
  if (events.oldestSeconds !== null)
    items.push({
      key: 'oldest',
      label: t('systemStatus.events.oldest'),
      children: t('systemStatus.seconds', { n: format.count(events.oldestSeconds) }),
    });
  const columns: ColumnsType<StreamReplica> = [
    { title: t('systemStatus.events.replica'), dataIndex: 'name' },
    {
      title: t('systemStatus.events.leader'),
      dataIndex: 'leader',
      render: (leader: boolean) =>
        leader ? <Tag color="blue">{t('systemStatus.events.leader')}</Tag> : null,
    },
    {
      title: t('systemStatus.events.state'),
      dataIndex: 'current',
      render: (current: boolean) =>
        current ? (
          <Tag color="green">{t('systemStatus.events.caughtUp')}</Tag>
        ) : (
          <Tag color="orange">{t('systemStatus.events.behind')}</Tag>
        ),
    },
    {
      title: t('systemStatus.events.lag'),
      dataIndex: 'lag',
      align: 'right',
      render: (lag: number) => format.count(lag),
    },
  ];
  return (
    <Card size="small" title={t('systemStatus.events.title')}>
      <Flex vertical gap={12}>
        {events.error !== null && <Alert type="warning" showIcon title={events.error} />}
        <Descriptions
          data-testid="system-events"
          size="small"
          column={{ xs: 1, sm: 1, md: 3 }}
          items={items}
        />
        {events.mode === 'nats' && (
          <Table<StreamReplica>
            data-testid="system-stream-replicas"
            title={() => t('systemStatus.events.replicas')}
            rowKey="name"
            size="small"
            columns={columns}
            dataSource={events.replicas}
            pagination={false}
            locale={{ emptyText: <Empty description={t('systemStatus.events.noReplicas')} /> }}
          />
        )}
      </Flex>
    </Card>
  );
}
