import { Alert, Button, Flex, Result, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type InviteAccepted } from '@beacon/shared';
import { PageSpin } from '../../../components/page-spin';
import { useLoginStatus, useLogout } from '../../auth';
import { useAcceptInvite } from '../api/accept-invite';
import { useInvite } from '../api/get-invite';
import { roleLabel } from '../lib/team-labels';
import { reportError } from '../../../lib/error-reporter';
import { InviteLoginForm, InviteRegisterForm } from './invite-forms';

function InvalidLink() {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('team.accept.invalidTitle')}
      subTitle={t('team.accept.invalidText')}
      extra={
        <Link to="/dashboard">
          <Button type="primary">{t('errors.backToDashboard')}</Button>
        </Link>
      }
    />
  );
}

interface InviteAcceptProps {
  token: string;
  /** After joining: the page goes to the app. */
  onJoined: (joined: InviteAccepted) => void;
}

/** /invite: what the invitation is for; sign in or create the invited account, then accept. */
export function InviteAccept({ token, onJoined }: InviteAcceptProps) {
  const { t } = useTranslation();
  const invite = useInvite(token);
  const session = useLoginStatus({ retry: false, meta: { silent: true }, staleTime: 0 });
  const accept = useAcceptInvite({
    mutationConfig: { onSuccess: onJoined, onError: (error) => reportError(error) },
  });
  const logout = useLogout();

  if (!token || invite.isError) return <InvalidLink />;
  if (invite.isPending || session.isPending) return <PageSpin />;
  const info = invite.data;
  const user = session.data;
  const matches = user?.email.toLowerCase() === info.email;

  let body;
  if (user && matches) {
    body = (
      <Button
        type="primary"
        size="large"
        block
        loading={accept.isPending}
        onClick={() => accept.mutate(token)}
      >
        {t('team.accept.join', { app: info.appTitle })}
      </Button>
    );
  } else if (user) {
    body = (
      <>
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('team.accept.otherAccount', { current: user.email, invited: info.email })}
        />
        <Button block size="large" loading={logout.isPending} onClick={() => logout.mutate({ sso: false })}>
          {t('team.accept.signOut')}
        </Button>
      </>
    );
  } else if (info.hasAccount) {
    body = <InviteLoginForm email={info.email} />;
  } else if (info.registrationEnabled) {
    body = <InviteRegisterForm email={info.email} token={token} onJoined={onJoined} />;
  } else {
    body = (
      <Alert
        type="info"
        showIcon
        message={t('team.accept.noRegistration')}
        action={<Link to="/login">{t('team.accept.signIn')}</Link>}
      />
    );
  }

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('team.accept.title', { app: info.appTitle })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('team.accept.text', {
          inviter: info.inviterEmail || t('team.accept.someone'),
          email: info.email,
          app: info.appTitle,
        })}
      </Typography.Paragraph>
      <Flex gap={8} align="center" style={{ marginBottom: 20 }}>
        <Typography.Text>{t('team.col.role')}:</Typography.Text>
        <Tag color="blue">{roleLabel(t, info.ulevel)}</Tag>
      </Flex>
      {body}
    </>
  );
}
