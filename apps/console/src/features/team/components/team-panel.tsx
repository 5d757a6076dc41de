import { SearchOutlined, UserAddOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Input, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CONFIG_LIMITS, LIMITS, canAdministerTeam, type TeamMember } from '@beacon/shared';
import { currentLanguage } from '../../../i18n';
import { reportError } from '../../../lib/error-reporter';
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

function pageFrom(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** config/operate: the team, with e-mail search and page in the URL, invitations and role changes. */
export function TeamPanel({ appId, level, selfEmail, onOwnerChanged }: TeamPanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [search, setSearch] = useSearchParams();
  const email = search.get('email') ?? '';
  const page = pageFrom(search);
  const [term, setTerm] = useState(email);
  const timer = useRef<number | undefined>(undefined);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<TeamMember>();
  const [owner, setOwner] = useState<TeamMember>();
  const [busyId, setBusyId] = useState<number>();
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const team = useTeam(appId, { email, pageNo: page, pageSize: CONFIG_LIMITS.teamPageSize });
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

  const setParam = (key: string, value: string | undefined, replace = false) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace },
    );

  const handleTerm = (value: string) => {
    setTerm(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => setParam('email', value.trim() || undefined, true),
      LIMITS.searchDebounceMs,
    );
  };

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
      <Flex justify="space-between" align="center" gap={16} style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('team.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('team.subtitle')}</Typography.Text>
        </div>
        <Flex gap={12}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('team.search')}
            aria-label={t('team.search')}
            value={term}
            onChange={(e) => handleTerm(e.target.value)}
            style={{ width: 260 }}
          />
          {canAdministerTeam(level) && (
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
              {t('team.invite')}
            </Button>
          )}
        </Flex>
      </Flex>
      <TeamTable
        rows={team.data?.results ?? []}
        total={team.data?.total ?? 0}
        page={page}
        loading={team.isFetching}
        level={level}
        selfEmail={selfEmail}
        busyId={busyId ?? (remove.isPending ? remove.variables.id : undefined)}
        onPageChange={(next) => setParam('page', next > 1 ? String(next) : undefined)}
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
