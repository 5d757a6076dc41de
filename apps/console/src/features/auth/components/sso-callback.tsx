import { Alert, Button, Result, Spin, Typography } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageSpin } from '../../../components/page-spin';
import { externalUrl, navigateExternal } from '../../../lib/navigation';
import { safeStorage } from '../../../lib/storage';
import { useLoginStatus } from '../api/get-login-status';
import { useSsoLogin } from '../api/sso-login';
import { ssoOrigin, storeSsoReturn } from '../lib/sso-return';

/** `/login?ssoLink=`: stores the date and the originating url, then follows the link. */
export function SsoLinkRedirect({ link }: { link: string }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const target = externalUrl(link);
  useEffect(() => {
    if (!target) return;
    storeSsoReturn(safeStorage, ssoOrigin(search, document.referrer, window.location.origin), Date.now());
    navigateExternal(target);
  }, [target, search]);
  if (!target) return <Alert type="error" showIcon title={t('auth.sso.badLink')} />;
  return (
    <div style={{ textAlign: 'center', padding: 24 }}>
      <Spin size="large" />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t('auth.sso.redirecting')}
      </Typography.Paragraph>
    </div>
  );
}

/** `/login?code=&state=`: finishes single sign-on once (the code is single use). */
export function SsoCodeLogin({
  code,
  state,
  onSignedIn,
}: {
  code: string;
  state?: string | undefined;
  onSignedIn: () => void;
}) {
  const { t } = useTranslation();
  const sso = useSsoLogin({ mutationConfig: { onSuccess: onSignedIn } });
  const { mutate } = sso;
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(state ? { code, state } : { code });
  }, [code, state, mutate]);

  if (sso.isError) {
    return (
      <Result
        status="error"
        title={t('auth.sso.failed')}
        subTitle={sso.error.message}
        extra={
          <Link to="/login">
            <Button type="primary">{t('auth.backToLogin')}</Button>
          </Link>
        }
      />
    );
  }
  return <PageSpin />;
}

/** Continues at once when a session exists; otherwise shows the sign-in form. */
export function SessionCheck({ onSignedIn, children }: { onSignedIn: () => void; children: ReactNode }) {
  const session = useLoginStatus({ retry: false, meta: { silent: true }, staleTime: 0 });
  const signedIn = Boolean(session.data);
  useEffect(() => {
    if (signedIn) onSignedIn();
  }, [signedIn, onSignedIn]);
  if (session.isPending || signedIn) return <PageSpin />;
  return children;
}
