import { Layout } from 'antd';
import { Suspense } from 'react';
import { Outlet, useParams } from 'react-router';
import { PageSpin } from '../../components/page-spin';
import { useAppInfoForShell } from '../../features/apps/api/get-app-info';
import { HEADER_HEIGHT } from '../../lib/layout-sizes';
import { AppGuard } from './app-guard';
import { AppSidebar } from './app-sidebar';

/** /app/:appId/*: the sidebar (entries filtered by the user's project level) beside the guarded screen. */
export default function AppLayout() {
  const params = useParams();
  const appId = params.appId ?? '';
  const screenPath = [params.section, params.screen].filter(Boolean).join('/');
  const { data: app } = useAppInfoForShell(/^\d+$/.test(appId) ? Number(appId) : 0);
  return (
    <Layout style={{ minHeight: `calc(100vh - ${HEADER_HEIGHT}px)` }}>
      {app && <AppSidebar appId={appId} screenPath={screenPath} level={app.projectLevel} app={app} />}
      <Layout.Content style={{ padding: 24 }}>
        <AppGuard appId={appId} screenPath={screenPath}>
          <Suspense fallback={<PageSpin />}>
            <Outlet />
          </Suspense>
        </AppGuard>
      </Layout.Content>
    </Layout>
  );
}
