import { EditOutlined } from '@ant-design/icons';
import { Badge, Button, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, UserLevel, type UserRow } from '@beacon/shared';
import { levelLabel, sourceLabel } from '../lib/user-labels';
import { formatDateTime } from '../../../lib/date-format';
import { DeleteLink } from '../../../components/delete-link';
import { PagedTable } from '../../../components/paged-table';
import { CutText, FIT_COLUMNS, OneLine } from '../../../components/table-cells';

interface UsersTableProps {
  rows: UserRow[];
  total: number;
  page: number;
  loading: boolean;
  /** The e-mail whose deletion is in flight. */
  deleting?: string | undefined;
  onPageChange: (page: number) => void;
  onEdit: (user: UserRow) => void;
  onDelete: (user: UserRow) => void;
}

const LEVEL_COLORS: Record<number, string> = {
  [UserLevel.SUPER_ADMIN]: 'geekblue',
  [UserLevel.PLATFORM_ADMIN]: 'purple',
};

export function UsersTable({
  rows,
  total,
  page,
  loading,
  deleting,
  onPageChange,
  onEdit,
  onDelete,
}: UsersTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<UserRow> = [
    {
      title: t('users.col.email'),
      dataIndex: 'email',
      key: 'email',
      render: (email: string) => <CutText text={email} maxWidth={260} strong />,
    },
    {
      title: t('users.col.level'),
      dataIndex: 'ulevel',
      key: 'ulevel',
      render: (ulevel: number) => (
        <Tag color={LEVEL_COLORS[ulevel] ?? 'default'}>{levelLabel(t, ulevel)}</Tag>
      ),
    },
    {
      title: t('users.col.source'),
      dataIndex: 'source',
      key: 'source',
      render: (source: number) => sourceLabel(t, source),
    },
    {
      title: t('users.col.description'),
      dataIndex: 'description',
      key: 'description',
      render: (text: string) => (
        <CutText text={text} maxWidth={200} empty={<Typography.Text type="secondary">—</Typography.Text>} />
      ),
    },
    {
      title: t('users.col.status'),
      dataIndex: 'activated',
      key: 'activated',
      render: (activated: boolean) =>
        activated ? (
          <Badge status="success" style={{ whiteSpace: 'nowrap' }} text={t('users.status.active')} />
        ) : (
          <Badge status="warning" style={{ whiteSpace: 'nowrap' }} text={t('users.status.pending')} />
        ),
    },
    { title: t('users.col.apps'), dataIndex: 'ownApps', key: 'ownApps', align: 'right' },
    {
      title: t('users.col.created'),
      dataIndex: 'createTime',
      key: 'createTime',
      render: (value: string) => <OneLine>{formatDateTime(value)}</OneLine>,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      // no width: as wide as its two links in the reader's language (170 px cut French's "Supprimer" to "Suppr")
      fixed: 'right',
      render: (_: unknown, user: UserRow) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(user)}>
            {t('common.edit')}
          </Button>
          <DeleteLink
            title={t('users.deleteTitle')}
            description={t('users.deleteConfirm', { email: user.email })}
            loading={deleting === user.email}
            onConfirm={() => onDelete(user)}
          />
        </Space>
      ),
    },
  ];

  return (
    <PagedTable<UserRow>
      testId="users-table"
      columns={columns}
      rows={rows}
      loading={loading}
      {...FIT_COLUMNS}
      empty={t('users.empty')}
      page={page}
      pageSize={LIMITS.usersPageSize}
      total={total}
      onPageChange={onPageChange}
    />
  );
}
