import { Tag as AntTag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUDIENCE_LIMITS, type Tag } from '@beacon/shared';
import { currentLanguage } from '../../../i18n';
import { formatDateTime } from '../../../lib/date-format';
import { formatNumber } from '../../../lib/number-format';
import { PagedTable } from '../../../components/paged-table';
import { CutText, FIT_COLUMNS, OneLine } from '../../../components/table-cells';
import { TagRowActions } from './tag-row-actions';

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
      // the English name under the name: nine columns did not fit beside the Actions at 1440 px
      title: (
        <>
          <div>{t('tags.name')}</div>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {t('tags.nameEn')}
          </Typography.Text>
        </>
      ),
      dataIndex: 'name',
      key: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (n: string, tag: Tag) => (
        <div style={{ minWidth: 120 }}>
          <Typography.Text strong>{n}</Typography.Text>
          {tag.nameEn && (
            <div lang="en">
              <Typography.Text type="secondary">{tag.nameEn}</Typography.Text>
            </div>
          )}
        </div>
      ),
    },
    {
      title: t('tags.code'),
      dataIndex: 'code',
      key: 'code',
      // up to 60 characters
      render: (c: string) => <CutText text={c} maxWidth={140} code />,
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
      // one line: Chinese broke "设备数" between any two characters beside the sorter
      title: <OneLine>{t('tags.devices')}</OneLine>,
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
      render: (d: string) => <CutText text={d} maxWidth={140} />,
    },
    {
      title: t('tags.owner'),
      dataIndex: 'ownerMail',
      key: 'ownerMail',
      render: (mail: string) => <CutText text={mail} maxWidth={140} />,
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
      // no width: the column is as wide as its link and menu button in the reader's language
      fixed: 'right',
      render: (_: unknown, tag: Tag) => (
        <TagRowActions
          tag={tag}
          deleting={deleting === tag.id}
          onEdit={onEdit}
          onImport={onImport}
          onDelete={onDelete}
        />
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
      // the materials' and journeys' lists' padding: 16 px a column more and the French table scrolled
      size="middle"
      empty={t('tags.empty')}
      page={page}
      pageSize={AUDIENCE_LIMITS.tagsPageSize}
      total={total}
      onPageChange={onPageChange}
    />
  );
}
