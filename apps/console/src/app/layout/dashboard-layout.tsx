import { Layout } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpin } from '../../components/page-spin';
import { useLoginStatus } from '../../features/auth/api/get-login-status';
import { DashboardTabs } from '../../features/dashboard/components/dashboard-tabs';

/** /dashboard and the admin screens reached from its tabs: the tab bar above the screen. */
export default function DashboardLayout() {
  const { data: user } = useLoginStatus();
  return (
    <Layout.Content>
      <div style={{ background: '#fff', padding: '0 24px', borderBottom: '1px solid #eef0f4' }}>
        <DashboardTabs ulevel={user?.ulevel ?? 0} />
      </div>
      <div style={{ padding: 24 }}>
        <Suspense fallback={<PageSpin />}>
          <Outlet />
        </Suspense>
      </div>
    </Layout.Content>
  );
}
