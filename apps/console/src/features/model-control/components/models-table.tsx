import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Empty, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import { type ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { type ModelEntry } from '@beacon/shared';

interface ModelsTableProps {
  rows: ModelEntry[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  searching: boolean;
  onPage: (page: number) => void;
  onEdit: (entry: ModelEntry) => void;
  onDelete: (entry: ModelEntry) => void;
}

const TIER_COLOR = { 1: 'gold', 2: 'blue', 3: 'default' } as const;

/** One shielding list: type, brand, model and the two protect values (999 shown as "always", 0 as "never"). */
export function ModelsTable({
  rows,
  total,
  page,
  pageSize,
  loading,
  searching,
  onPage,
  onEdit,
  onDelete,
}: ModelsTableProps) {
  const { t } = useTranslation();
  const months = (value: number) =>
    value === 999 ? (
      <Tag color="red">{t('modelControl.always')}</Tag>
    ) : value === 0 ? (
      <Tag>{t('modelControl.never')}</Tag>
    ) : (
      value
    );
  const columns: ColumnsType<ModelEntry> = [
    {
      title: t('modelControl.field.type'),
      dataIndex: 'type',
      width: 150,
      render: (v: 1 | 2 | 3) => <Tag color={TIER_COLOR[v]}>{t(`modelControl.tier.${v}`)}</Tag>,
    },
    { title: t('modelControl.field.brand'), dataIndex: 'brand' },
    { title: t('modelControl.field.model'), dataIndex: 'model' },
    {
      title: t('modelControl.field.protectDefault'),
      dataIndex: 'protectDefault',
      width: 200,
      render: months,
    },
    {
      title: t('modelControl.field.protectNewMarket'),
      dataIndex: 'protectNewMarket',
      width: 220,
      render: months,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 120,
      render: (_v, entry) => (
        <Space>
          <Tooltip title={t('common.edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={`${t('common.edit')} ${entry.brand} ${entry.model}`}
              onClick={() => onEdit(entry)}
            />
          </Tooltip>
          <Popconfirm
            title={t('modelControl.deleteTitle')}
            description={t('modelControl.deleteText', { name: `${entry.brand} ${entry.model}` })}
            okText={t('common.delete')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(entry)}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t('common.delete')} ${entry.brand} ${entry.model}`}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Table<ModelEntry>
      data-testid="models-table"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      locale={{
        emptyText: <Empty description={searching ? t('modelControl.noMatch') : t('modelControl.empty')} />,
      }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: false,
        onChange: onPage,
        showTotal: (n) => t('common.total', { count: n }),
      }}
    />
  );
}
