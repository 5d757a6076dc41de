import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Empty, Popconfirm, Space, Table, Typography } from 'antd';
import { type ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppControlEntry } from '@beacon/shared';
import { useEditAppControl } from '../api/edit-app-control';
import { useAppControls } from '../api/get-app-controls';
import { AddAppDialog } from './add-app-dialog';
import { formatDate } from '../../../lib/date-format';

/** One app list (1 notification-control, 2 global whitelist): add with a picker, delete with confirmation. */
export function AppControlList({ type }: { type: 1 | 2 }) {
  const { t, i18n } = useTranslation();
  const list = useAppControls(type);
  const remove = useEditAppControl();
  const [adding, setAdding] = useState(false);
  const rows = list.data?.list ?? [];
  const collator = new Intl.Collator(i18n.language);
  const columns: ColumnsType<AppControlEntry> = [
    {
      title: t('appControl.app'),
      dataIndex: 'title',
      sorter: (a, b) => collator.compare(a.title, b.title),
      render: (_v, r) => (
        <Space>
          <Avatar shape="square" size={28} src={r.logo || undefined}>
            {r.title.slice(0, 1)}
          </Avatar>
          <span>{r.title}</span>
        </Space>
      ),
    },
    { title: t('appControl.pkg'), dataIndex: 'pkg' },
    {
      title: t('appControl.addedOn'),
      dataIndex: 'createTime',
      width: 160,
      sorter: (a, b) => a.createTime.localeCompare(b.createTime),
      render: (v: string) => formatDate(v),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 90,
      render: (_v, r) => (
        <Popconfirm
          title={t('appControl.removeTitle')}
          description={t(type === 1 ? 'appControl.removeControlText' : 'appControl.removeWhiteText', {
            title: r.title,
          })}
          okText={t('common.delete')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove.mutate({ type, operateType: 2, id: r.id })}
        >
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${t('common.delete')} ${r.title}`}
          />
        </Popconfirm>
      ),
    },
  ];
  return (
    <Card
      size="small"
      title={t(type === 1 ? 'appControl.controlTitle' : 'appControl.whiteTitle')}
      extra={
        <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('appControl.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        {t(type === 1 ? 'appControl.controlHint' : 'appControl.whiteHint')}
      </Typography.Paragraph>
      <Table<AppControlEntry>
        data-testid={type === 1 ? 'control-apps' : 'white-apps'}
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        locale={{ emptyText: <Empty description={t('appControl.empty')} /> }}
        pagination={
          rows.length > 20
            ? { pageSize: 20, showSizeChanger: false, showTotal: (n) => t('common.total', { count: n }) }
            : false
        }
      />
      {adding && (
        <AddAppDialog
          type={type}
          listed={new Set(rows.map((r) => r.appId))}
          onClose={() => setAdding(false)}
        />
      )}
    </Card>
  );
}
