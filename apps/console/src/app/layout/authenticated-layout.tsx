import { Button, Layout, Result } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LIMITS } from '@beacon/shared';
import { PageSpin } from '../../components/page-spin';
import { isApiError } from '../../lib/api-error';
import { useLoginStatus } from '../../features/auth/api/get-login-status';
import { AppHeader } from './app-header';

/** Every signed-in page: checks the session (a 401 bounces to /login), then the header above the page. */
export default function AuthenticatedLayout() {
  const { t } = useTranslation();
  const session = useLoginStatus();

  if (!session.data) {
    if (session.isError && !(isApiError(session.error) && session.error.kind === 'unauthorized')) {
      return (
        <Result
          status="500"
          title={t('errors.sessionFailed')}
          subTitle={session.error.message}
          extra={<Button onClick={() => void session.refetch()}>{t('errors.retry')}</Button>}
        />
      );
    }
    return <PageSpin fullPage />;
  }

  return (
    <Layout style={{ minHeight: '100vh', minWidth: LIMITS.minPageWidthPx }}>
      <AppHeader user={session.data} />
      <Suspense fallback={<PageSpin />}>
        <Outlet />
      </Suspense>
    </Layout>
  );
}
