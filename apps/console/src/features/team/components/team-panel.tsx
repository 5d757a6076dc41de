import { UserAddOutlined } from '@ant-design/icons';
import { App, Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TeamListRequest, canAdministerTeam, type TeamMember } from '@beacon/shared';
import { ListHeader } from '../../../components/list-header';
import { currentLanguage } from '../../../i18n';
import { reportError } from '../../../lib/error-reporter';
import { useListFilters } from '../../../lib/list-filters';
import { useCancelInvite } from '../api/cancel-invite';
import { useDeleteMember } from '../api/delete-member';
import { useTeam } from '../api/get-team';
import { useInviteMember } from '../api/invite-member';
import { ChangeOwnerDialog } from './change-owner-dialog';
import { InviteDialog } from './invite-dialog';
import { RoleDialog } from './role-dialog';
import { TeamTable } from './team-table';

interface TeamPanelProps {
  appId: number;
  /** The caller's project level on the app. */
  level: number;
  selfEmail: string;
  /** Called after the ownership moved (the console leaves the app). */
  onOwnerChanged: () => void;
}

/** config/operate: the team, with e-mail search and page in the URL, invitations and role changes. */
export function TeamPanel({ appId, level, selfEmail, onOwnerChanged }: TeamPanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { filters, update, search } = useListFilters(TeamListRequest, { fields: ['email'], search: 'email' });
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<TeamMember>();
  const [owner, setOwner] = useState<TeamMember>();
  const [busyId, setBusyId] = useState<number>();

  const team = useTeam(appId, filters);
  const remove = useDeleteMember({
    mutationConfig: {
      onSuccess: () => void message.success(t('team.deleted')),
      onError: (error) => reportError(error),
    },
  });
  const cancel = useCancelInvite({
    mutationConfig: {
      onSuccess: () => void message.success(t('team.cancelled')),
      onError: (error) => reportError(error),
    },
  });
  const invite = useInviteMember();

  // re-invite = cancel, then invite again: the old link dies and a new mail goes out
  const handleReinvite = async (member: TeamMember) => {
    setBusyId(member.id);
    try {
      await cancel.mutateAsync({ appId, id: member.id, email: member.email });
      await invite.mutateAsync({
        appId,
        email: member.email,
        ulevel: member.ulevel,
        lang: currentLanguage(),
      });
      void message.success(t('team.reinvited', { email: member.email }));
    } catch (error) {
      reportError(error);
    } finally {
      setBusyId(undefined);
    }
  };

  return (
    <Card variant="borderless">
      <ListHeader
        title={t('team.title')}
        subtitle={t('team.subtitle')}
        search={{ label: t('team.search'), ...search }}
        actions={
          canAdministerTeam(level) && (
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
              {t('team.invite')}
            </Button>
          )
        }
      />
      <TeamTable
        rows={team.data?.results ?? []}
        total={team.data?.total ?? 0}
        page={filters.pageNo}
        loading={team.isFetching}
        level={level}
        selfEmail={selfEmail}
        busyId={busyId ?? (remove.isPending ? remove.variables.id : undefined)}
        onPageChange={(pageNo) => update({ pageNo })}
        onEdit={setEditing}
        onDelete={(member) => remove.mutate({ appId, id: member.id, email: member.email })}
        onReinvite={(member) => void handleReinvite(member)}
        onCancelInvite={(member) => cancel.mutate({ appId, id: member.id, email: member.email })}
        onChangeOwner={setOwner}
      />
      <InviteDialog appId={appId} open={inviting} onClose={() => setInviting(false)} />
      <RoleDialog
        appId={appId}
        member={editing}
        actorEmail={selfEmail}
        onClose={() => setEditing(undefined)}
      />
      <ChangeOwnerDialog
        appId={appId}
        owner={owner}
        onClose={() => setOwner(undefined)}
        onChanged={onOwnerChanged}
      />
    </Card>
  );
}
