import { EditOutlined } from '@ant-design/icons';
import { Badge, Button, Space, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUDIENCE_LIMITS, type UserGroup } from '@beacon/shared';
import { sizeText } from '../lib/size-text';
import { ConditionSummary } from './condition-summary';
import { formatDateTime } from '../../../lib/date-format';
import { DeleteLink } from '../../../components/delete-link';
import { PagedTable } from '../../../components/paged-table';
import { CutText, FIT_COLUMNS, OneLine } from '../../../components/table-cells';

interface UserGroupsTableProps {
  rows: UserGroup[];
  total: number;
  page: number;
  loading: boolean;
  deleting?: number | undefined;
  tagNames?: ReadonlyMap<string, string> | undefined;
  onPageChange: (page: number) => void;
  onEdit: (group: UserGroup) => void;
  onDelete: (group: UserGroup) => void;
}

/** The user groups of an app; closed groups are greyed. */
export function UserGroupsTable({
  rows,
  total,
  page,
  loading,
  deleting,
  tagNames,
  onPageChange,
  onEdit,
  onDelete,
}: UserGroupsTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<UserGroup> = [
    {
      title: t('userGroups.col.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (name: string) => (
        <Typography.Text strong style={{ display: 'inline-block', minWidth: 120 }}>
          {name}
        </Typography.Text>
      ),
    },
    {
      title: t('userGroups.col.conditions'),
      dataIndex: 'conditions',
      key: 'conditions',
      render: (conditions: UserGroup['conditions']) => (
        <ConditionSummary conditions={conditions} tagNames={tagNames} />
      ),
    },
    {
      title: t('userGroups.col.size'),
      dataIndex: 'size',
      key: 'size',
      align: 'right',
      sorter: (a, b) => (a.size ?? 0) - (b.size ?? 0),
      render: (size: number | undefined, group) =>
        size === undefined ? '—' : sizeText(size, group.sizeExact !== false),
    },
    {
      title: t('userGroups.col.status'),
      dataIndex: 'open',
      key: 'open',
      render: (open: boolean) =>
        open ? (
          <Badge status="success" style={{ whiteSpace: 'nowrap' }} text={t('userGroups.open')} />
        ) : (
          <Badge status="default" style={{ whiteSpace: 'nowrap' }} text={t('userGroups.closed')} />
        ),
    },
    {
      title: t('userGroups.col.description'),
      dataIndex: 'description',
      key: 'description',
      render: (d: string) => <CutText text={d} maxWidth={200} />,
    },
    {
      title: t('userGroups.col.updated'),
      dataIndex: 'updateTime',
      key: 'updateTime',
      sorter: (a, b) => a.updateTime.localeCompare(b.updateTime),
      render: (v: string) => <OneLine>{formatDateTime(v)}</OneLine>,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      // no width: as wide as its two links in the reader's language (170 px cut French's "Supprimer" to "Suppr")
      fixed: 'right',
      render: (_: unknown, group: UserGroup) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(group)}>
            {t('common.edit')}
          </Button>
          <DeleteLink
            title={t('userGroups.deleteTitle')}
            description={t('userGroups.deleteConfirm', { name: group.name })}
            loading={deleting === group.id}
            onConfirm={() => onDelete(group)}
          />
        </Space>
      ),
    },
  ];
  return (
    <PagedTable<UserGroup>
      testId="user-groups-table"
      columns={columns}
      rows={rows}
      loading={loading}
      {...FIT_COLUMNS}
      onRow={(group) =>
        ({
          'data-closed': group.open ? undefined : 'true',
          style: group.open ? undefined : { opacity: 0.45, background: '#fafafa' },
        }) as React.HTMLAttributes<HTMLElement>
      }
      empty={t('userGroups.empty')}
      page={page}
      pageSize={AUDIENCE_LIMITS.groupsPageSize}
      total={total}
      onPageChange={onPageChange}
    />
  );
}
