import { Layout } from 'antd';
import { Suspense } from 'react';
import { Outlet, useParams } from 'react-router';
import { PageSpin } from '../../components/page-spin';
import { AppSidebar } from './app-sidebar';

/** /app/:appId/*: the sidebar beside the app's screens. */
export default function AppLayout() {
  const params = useParams();
  const appId = params.appId ?? '';
  const screenPath = [params.section, params.screen].filter(Boolean).join('/');
  return (
    <Layout style={{ minHeight: 'calc(100vh - 56px)' }}>
      <AppSidebar appId={appId} screenPath={screenPath} />
      <Layout.Content style={{ padding: 24 }}>
        <Suspense fallback={<PageSpin />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
