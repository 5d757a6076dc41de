import { type ReactNode } from 'react';
import { dashboardTabsFor, type DashboardTab } from '@beacon/shared';
import { Forbidden } from '../../components/forbidden';
import { useLoginStatus } from '../../features/auth/api/get-login-status';

/** Renders an admin screen only for levels that see its dashboard tab; others get a 403 page. */
export function RequireTab({ tab, children }: { tab: DashboardTab; children: ReactNode }) {
  const { data: user } = useLoginStatus();
  if (!user) return null;
  if (!dashboardTabsFor(user.ulevel).includes(tab)) return <Forbidden />;
  return children;
}
