import { EditOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Tag as AntTag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUDIENCE_LIMITS, type Tag } from '@beacon/shared';
import { formatDateTime } from '../../../lib/date-format';
import { DeleteLink } from '../../../components/delete-link';
import { PagedTable } from '../../../components/paged-table';

interface TagsTableProps {
  rows: Tag[];
  total: number;
  page: number;
  loading: boolean;
  deleting?: number | undefined;
  onPageChange: (page: number) => void;
  onEdit: (tag: Tag) => void;
  onImport: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
}

/** An app's tags and audience packages with the devices carrying each. */
export function TagsTable({
  rows,
  total,
  page,
  loading,
  deleting,
  onPageChange,
  onEdit,
  onImport,
  onDelete,
}: TagsTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<Tag> = [
    {
      title: t('tags.name'),
      dataIndex: 'name',
      key: 'name',
      width: 180,
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (n: string) => <Typography.Text strong>{n}</Typography.Text>,
    },
    {
      title: t('tags.nameEn'),
      dataIndex: 'nameEn',
      key: 'nameEn',
      width: 160,
      ellipsis: true,
      render: (n: string) => n || '—',
    },
    {
      title: t('tags.code'),
      dataIndex: 'code',
      key: 'code',
      width: 160,
      render: (c: string) => <Typography.Text code>{c}</Typography.Text>,
    },
    {
      title: t('tags.flag'),
      dataIndex: 'flag',
      key: 'flag',
      width: 150,
      render: (flag: Tag['flag']) => (
        <AntTag color={flag === 'GROUP' ? 'purple' : 'blue'}>
          {flag === 'GROUP' ? t('tags.flagGroup') : t('tags.flagLabel')}
        </AntTag>
      ),
    },
    {
      title: t('tags.devices'),
      dataIndex: 'deviceCount',
      key: 'deviceCount',
      width: 110,
      align: 'right',
      sorter: (a, b) => a.deviceCount - b.deviceCount,
      render: (n: number) => n.toLocaleString('en-US'),
    },
    {
      title: t('tags.desc'),
      dataIndex: 'desc',
      key: 'desc',
      ellipsis: true,
      render: (d: string) => d || '—',
    },
    { title: t('tags.owner'), dataIndex: 'ownerMail', key: 'ownerMail', width: 180, ellipsis: true },
    {
      title: t('tags.updated'),
      dataIndex: 'updateTime',
      key: 'updateTime',
      width: 150,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 240,
      fixed: 'right',
      render: (_: unknown, tag: Tag) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(tag)}>
            {t('common.edit')}
          </Button>
          <Button type="link" size="small" icon={<UploadOutlined />} onClick={() => onImport(tag)}>
            {t('tags.import')}
          </Button>
          <DeleteLink
            title={t('tags.deleteTitle')}
            description={t('tags.deleteConfirm', { name: tag.name, count: tag.deviceCount })}
            loading={deleting === tag.id}
            onConfirm={() => onDelete(tag)}
          />
        </Space>
      ),
    },
  ];
  return (
    <PagedTable<Tag>
      testId="tags-table"
      columns={columns}
      rows={rows}
      loading={loading}
      scroll={{ x: 1400 }}
      empty={t('tags.empty')}
      page={page}
      pageSize={AUDIENCE_LIMITS.tagsPageSize}
      total={total}
      onPageChange={onPageChange}
    />
  );
}
