import { useSearchParams } from 'react-router';
import { AppsDashboard } from '../../../features/apps/components/apps-dashboard';
import { AppGroupsPanel } from '../../../features/app-groups/components/app-groups-panel';

/** /dashboard: the Apps tab, or Apps Group with `?tab=groups`. */
export default function DashboardRoute() {
  const [search] = useSearchParams();
  if (search.get('tab') === 'groups') return <AppGroupsPanel />;
  return <AppsDashboard />;
}
