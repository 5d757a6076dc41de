import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import {
  Badge,
  Button,
  Empty,
  Popconfirm,
  Space,
  Table,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { CONFIG_LIMITS, type TestDevice } from '@beacon/shared';
import { formatDateTime } from '../../../lib/date-format';
import { FIT_COLUMNS, OneLine } from '../../../components/table-cells';

interface TestDevicesTableProps {
  rows: TestDevice[];
  total: number;
  page: number;
  loading: boolean;
  deletingId?: number | undefined;
  onPageChange: (page: number) => void;
  onEdit: (device: TestDevice) => void;
  onDelete: (device: TestDevice) => void;
}

/** Test devices: name, GAID, description, whether the app knows the device, and edit / delete. */
export function TestDevicesTable({
  rows,
  total,
  page,
  loading,
  deletingId,
  onPageChange,
  onEdit,
  onDelete,
}: TestDevicesTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<TestDevice> = [
    {
      title: t('testDevices.col.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    {
      title: t('testDevices.col.gaid'),
      dataIndex: 'gaid',
      key: 'gaid',
      render: (gaid: string) => (
        <Typography.Text code copyable={{ text: gaid }} style={{ whiteSpace: 'nowrap' }}>
          {gaid}
        </Typography.Text>
      ),
    },
    {
      title: t('testDevices.col.desc'),
      dataIndex: 'desc',
      key: 'desc',
      // at most 30 characters: it wraps on narrow windows, never below a readable width
      render: (desc: string) => (
        <div style={{ minWidth: 120 }}>{desc || <Typography.Text type="secondary">—</Typography.Text>}</div>
      ),
    },
    {
      title: t('testDevices.col.valid'),
      dataIndex: 'valid',
      key: 'valid',
      sorter: (a, b) => a.valid - b.valid,
      render: (valid: number) =>
        valid === 1 ? (
          <Tooltip title={t('testDevices.validHint')}>
            <Badge status="success" style={{ whiteSpace: 'nowrap' }} text={t('testDevices.valid')} />
          </Tooltip>
        ) : (
          <Tooltip title={t('testDevices.invalidHint')}>
            <Badge status="error" style={{ whiteSpace: 'nowrap' }} text={t('testDevices.invalid')} />
          </Tooltip>
        ),
    },
    {
      title: t('testDevices.col.updated'),
      dataIndex: 'updateTime',
      key: 'updateTime',
      sorter: (a, b) => a.updateTime.localeCompare(b.updateTime),
      render: (value: string) => <OneLine>{formatDateTime(value)}</OneLine>,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      // no width: the column is as wide as its two links in the reader's language (fr "Modifier", "Supprimer")
      fixed: 'right',
      render: (_: unknown, device: TestDevice) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(device)}>
            {t('common.edit')}
          </Button>
          <Popconfirm
            title={t('testDevices.deleteTitle')}
            description={t('testDevices.deleteConfirm', { name: device.name, gaid: device.gaid })}
            okText={t('common.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => onDelete(device)}
          >
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              loading={deletingId === device.id}
            >
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Table<TestDevice>
      data-testid="test-devices-table"
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      {...FIT_COLUMNS}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('testDevices.empty')} />,
      }}
      pagination={{
        current: page,
        pageSize: CONFIG_LIMITS.testDevicesPageSize,
        total,
        showSizeChanger: false,
        showTotal: (count) => t('common.total', { count }),
        onChange: onPageChange,
      }}
    />
  );
}
