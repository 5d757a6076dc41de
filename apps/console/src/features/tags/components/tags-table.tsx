import { EditOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Tag as AntTag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUDIENCE_LIMITS, type Tag } from '@beacon/shared';
import { currentLanguage } from '../../../i18n';
import { formatDateTime } from '../../../lib/date-format';
import { formatNumber } from '../../../lib/number-format';
import { DeleteLink } from '../../../components/delete-link';
import { PagedTable } from '../../../components/paged-table';
import { CutText, FIT_COLUMNS, OneLine } from '../../../components/table-cells';

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
  const lang = currentLanguage();
  const columns: TableColumnsType<Tag> = [
    {
      title: t('tags.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (n: string) => (
        <div style={{ minWidth: 140 }}>
          <Typography.Text strong>{n}</Typography.Text>
        </div>
      ),
    },
    {
      title: t('tags.nameEn'),
      dataIndex: 'nameEn',
      key: 'nameEn',
      render: (n: string) => <div style={{ minWidth: 140 }}>{n || '—'}</div>,
    },
    {
      title: t('tags.code'),
      dataIndex: 'code',
      key: 'code',
      render: (c: string) => (
        <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
          {c}
        </Typography.Text>
      ),
    },
    {
      title: t('tags.flag'),
      dataIndex: 'flag',
      key: 'flag',
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
      align: 'right',
      sorter: (a, b) => a.deviceCount - b.deviceCount,
      render: (n: number) => formatNumber(n, lang),
    },
    {
      title: t('tags.desc'),
      dataIndex: 'desc',
      key: 'desc',
      // up to 100 characters
      render: (d: string) => <CutText text={d} maxWidth={240} />,
    },
    {
      title: t('tags.owner'),
      dataIndex: 'ownerMail',
      key: 'ownerMail',
      render: (mail: string) => <CutText text={mail} maxWidth={220} />,
    },
    {
      title: t('tags.updated'),
      dataIndex: 'updateTime',
      key: 'updateTime',
      render: (v: string) => <OneLine>{formatDateTime(v)}</OneLine>,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      // no width: the column is as wide as its three links in the reader's language (fr "Importer des GAID")
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
            description={t('tags.deleteConfirm', {
              name: tag.name,
              count: tag.deviceCount,
              formattedCount: formatNumber(tag.deviceCount, lang),
            })}
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
      {...FIT_COLUMNS}
      empty={t('tags.empty')}
      page={page}
      pageSize={AUDIENCE_LIMITS.tagsPageSize}
      total={total}
      onPageChange={onPageChange}
    />
  );
}
