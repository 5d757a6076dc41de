import { CrownOutlined, EditOutlined, MailOutlined, StopOutlined, SwapOutlined } from '@ant-design/icons';
import { Badge, Button, Popconfirm, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CONFIG_LIMITS,
  MemberStatus,
  ProjectLevel,
  canAdministerTeam,
  canDeleteMember,
  type TeamMember,
} from '@beacon/shared';
import { ROLE_COLORS, roleLabel } from '../lib/team-labels';
import { formatDateTime } from '../../../lib/date-format';
import { DeleteLink } from '../../../components/delete-link';
import { PagedTable } from '../../../components/paged-table';

export interface TeamActions {
  onEdit: (member: TeamMember) => void;
  onDelete: (member: TeamMember) => void;
  onReinvite: (member: TeamMember) => void;
  onCancelInvite: (member: TeamMember) => void;
  onChangeOwner: (member: TeamMember) => void;
}

interface TeamTableProps extends TeamActions {
  rows: TeamMember[];
  total: number;
  page: number;
  loading: boolean;
  /** The caller's project level: what they may do decides which actions show. */
  level: number;
  selfEmail: string;
  /** The row id whose action is in flight. */
  busyId?: number | undefined;
  onPageChange: (page: number) => void;
}

const when = (value: string) => formatDateTime(value);

/** Team members and invitations; the operations column shows only what the caller may do (part 1 §6). */
export function TeamTable({
  rows,
  total,
  page,
  loading,
  level,
  selfEmail,
  busyId,
  onPageChange,
  ...actions
}: TeamTableProps) {
  const { t } = useTranslation();
  const isAdmin = canAdministerTeam(level);
  const showActions = isAdmin || canDeleteMember(level, ProjectLevel.TESTER);

  const renderActions = (member: TeamMember) => {
    const busy = busyId === member.id;
    if (member.ulevel === ProjectLevel.OWNER) {
      return isAdmin ? (
        <Button
          type="link"
          size="small"
          icon={<SwapOutlined />}
          onClick={() => actions.onChangeOwner(member)}
        >
          {t('team.changeOwner')}
        </Button>
      ) : null;
    }
    if (member.status === MemberStatus.INVITED) {
      return isAdmin ? (
        <Space size={0}>
          <Popconfirm
            title={t('team.reinviteConfirm', { email: member.email })}
            okText={t('team.reinvite')}
            cancelText={t('common.cancel')}
            onConfirm={() => actions.onReinvite(member)}
          >
            <Button type="link" size="small" icon={<MailOutlined />} loading={busy}>
              {t('team.reinvite')}
            </Button>
          </Popconfirm>
          <Popconfirm
            title={t('team.cancelConfirm', { email: member.email })}
            okText={t('team.cancelInvite')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => actions.onCancelInvite(member)}
          >
            <Button type="link" size="small" danger icon={<StopOutlined />}>
              {t('team.cancelInvite')}
            </Button>
          </Popconfirm>
        </Space>
      ) : null;
    }
    return (
      <Space size={0}>
        {isAdmin && (
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => actions.onEdit(member)}>
            {t('common.edit')}
          </Button>
        )}
        {canDeleteMember(level, member.ulevel) && (
          <DeleteLink
            title={t('team.deleteTitle')}
            description={t('team.deleteConfirm', { email: member.email })}
            loading={busy}
            onConfirm={() => actions.onDelete(member)}
          />
        )}
      </Space>
    );
  };

  const columns: TableColumnsType<TeamMember> = [
    {
      title: t('team.col.email'),
      dataIndex: 'email',
      key: 'email',
      ellipsis: true,
      sorter: (a, b) => a.email.localeCompare(b.email),
      render: (email: string, member) => (
        <Space size={6}>
          {member.ulevel === ProjectLevel.OWNER && (
            <CrownOutlined style={{ color: '#d4a106' }} aria-label={t('team.role.owner')} />
          )}
          <Typography.Text strong>{email}</Typography.Text>
          {email === selfEmail && <Tag>{t('team.you')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('team.col.role'),
      dataIndex: 'ulevel',
      key: 'ulevel',
      width: 150,
      sorter: (a, b) => a.ulevel - b.ulevel,
      render: (ulevel: number) => <Tag color={ROLE_COLORS[ulevel] ?? 'default'}>{roleLabel(t, ulevel)}</Tag>,
    },
    {
      title: t('team.col.status'),
      dataIndex: 'status',
      key: 'status',
      width: 130,
      sorter: (a, b) => a.status - b.status,
      render: (status: number) =>
        status === MemberStatus.INVITED ? (
          <Badge status="warning" text={t('team.status.invited')} />
        ) : (
          <Badge status="success" text={t('team.status.active')} />
        ),
    },
    {
      title: t('team.col.invited'),
      dataIndex: 'inviteTime',
      key: 'inviteTime',
      width: 160,
      sorter: (a, b) => a.inviteTime.localeCompare(b.inviteTime),
      render: when,
    },
    {
      title: t('team.col.updated'),
      dataIndex: 'updateTime',
      key: 'updateTime',
      width: 160,
      sorter: (a, b) => a.updateTime.localeCompare(b.updateTime),
      render: when,
    },
  ];
  if (showActions) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 280,
      fixed: 'right',
      render: (_: unknown, member: TeamMember) => renderActions(member),
    });
  }

  return (
    <PagedTable<TeamMember>
      testId="team-table"
      columns={columns}
      rows={rows}
      loading={loading}
      scroll={{ x: 960 }}
      empty={t('team.empty')}
      page={page}
      pageSize={CONFIG_LIMITS.teamPageSize}
      total={total}
      onPageChange={onPageChange}
    />
  );
}
