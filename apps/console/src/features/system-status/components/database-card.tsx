import { Card, Descriptions, type DescriptionsProps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DatabaseStatus } from '@beacon/shared';
import { formatBytes } from '../../../lib/number-format';
import { NONE, useStatusFormat } from './use-status-format';

/** The database engine and version, its timeline, and the replica's reachability and lag. */
export function DatabaseCard({ database }: { database: DatabaseStatus }) {
  const { t } = useTranslation();
  const format = useStatusFormat();
  const { replica } = database;
  const items: NonNullable<DescriptionsProps['items']> = [
    {
      key: 'engine',
      label: t('systemStatus.database.engine'),
      children: t(`systemStatus.database.engines.${database.engine}`),
    },
    { key: 'version', label: t('systemStatus.database.version'), children: database.version },
  ];
  if (database.timeline !== null)
    items.push({
      key: 'timeline',
      label: t('systemStatus.database.timeline'),
      children: format.count(database.timeline),
    });
  items.push({
    key: 'replica',
    label: t('systemStatus.database.replica'),
    children: !replica ? (
      t('systemStatus.database.noReplica')
    ) : replica.reachable ? (
      <Tag color="green">{t('systemStatus.database.reachable')}</Tag>
    ) : (
      <Tag color="red">{t('systemStatus.database.unreachable')}</Tag>
    ),
  });
  if (replica)
    items.push(
      {
        key: 'bytesBehind',
        label: t('systemStatus.database.bytesBehind'),
        children: replica.bytesBehind === null ? NONE : formatBytes(replica.bytesBehind, format.lang),
      },
      {
        key: 'lastReplay',
        label: t('systemStatus.database.lastReplay'),
        children: replica.lastReplayAgoSeconds === null ? NONE : format.ago(replica.lastReplayAgoSeconds),
      },
    );
  return (
    <Card size="small" title={t('systemStatus.database.title')}>
      <Descriptions
        data-testid="system-database"
        size="small"
        column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
        items={items}
      />
    </Card>
  );
}
