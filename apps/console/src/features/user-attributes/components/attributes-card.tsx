import { App, Card, Empty, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AttributeDefinition, AttributeList } from '@beacon/shared';
import { DeleteLink } from '../../../components/delete-link';
import { currentLanguage } from '../../../i18n';
import { formatDateTime } from '../../../lib/date-format';
import { formatNumber } from '../../../lib/number-format';
import { reportError } from '../../../lib/error-reporter';
import { useDeleteAttribute } from '../api/delete-attribute';
import { useAttributes } from '../api/get-attributes';

const PAGE_SIZE = 20;

/**
 * The app's user attributes (issue 33 §1): each key with its type (fixed by its first write), when it was first and
 * last written, the users counted and the limits; deleting one removes it from every user.
 */
export function AttributesCard({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const attributes = useAttributes(appId);
  return (
    <Card title={t('userAttributes.title')} data-testid="attributes-card">
      {attributes.data ? (
        <AttributesTable appId={appId} list={attributes.data} />
      ) : attributes.isError ? (
        <Typography.Text type="danger">{t('userAttributes.loadFailed')}</Typography.Text>
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}

function AttributesTable({ appId, list }: { appId: number; list: AttributeList }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = currentLanguage();
  const remove = useDeleteAttribute(appId, () => void message.success(t('userAttributes.deleted')));
  const { limits } = list;
  const users =
    list.users > limits.usersCounted
      ? t('userAttributes.usersOver', { count: list.users - 1, n: formatNumber(limits.usersCounted, lang) })
      : t('userAttributes.users', { count: list.users, n: formatNumber(list.users, lang) });
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary" data-testid="attributes-limits">
        {t('userAttributes.limits', {
          used: list.rows.length,
          perApp: limits.perApp,
          keyMax: limits.keyMax,
          stringMax: limits.stringMax,
          listMax: limits.listMax,
          listItemMax: limits.listItemMax,
        })}{' '}
        {users}
      </Typography.Text>
      <Table<AttributeDefinition>
        rowKey="key"
        size="small"
        dataSource={list.rows}
        pagination={list.rows.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('userAttributes.empty')} />,
        }}
        columns={[
          {
            key: 'key',
            title: t('userAttributes.column.key'),
            render: (_, row) => <Typography.Text code>{row.key}</Typography.Text>,
          },
          {
            key: 'type',
            title: t('userAttributes.column.type'),
            render: (_, row) => <Tag>{t(`userAttributes.type.${row.type}`)}</Tag>,
          },
          {
            key: 'created',
            title: t('userAttributes.column.created'),
            render: (_, row) => formatDateTime(row.createdAt),
          },
          {
            key: 'lastWritten',
            title: t('userAttributes.column.lastWritten'),
            render: (_, row) => formatDateTime(row.lastWrittenAt),
          },
          {
            key: 'actions',
            title: t('userAttributes.column.actions'),
            render: (_, row) => (
              <DeleteLink
                title={t('userAttributes.deleteTitle', { key: row.key })}
                description={t('userAttributes.deleteText')}
                loading={remove.isPending && remove.variables === row.key}
                onConfirm={() => remove.mutate(row.key, { onError: (err) => void reportError(err) })}
              />
            ),
          },
        ]}
      />
    </Flex>
  );
}
