import { type DashboardTab } from '@beacon/shared';

/** Where each dashboard tab lives: Apps and Apps Group on /dashboard, the admin tabs on their own routes. */
export const DASHBOARD_TAB_TARGETS: Record<DashboardTab, string> = {
  apps: '/dashboard',
  groups: '/dashboard?tab=groups',
  platform: '/platformsettings',
  users: '/users',
  statistics: '/statistics',
  appsettings: '/appsettings',
  globalsettings: '/globalsettings',
};

/** The i18n key of each tab's label. */
export const DASHBOARD_TAB_LABELS: Record<DashboardTab, string> = {
  apps: 'dashboard.tabs.apps',
  groups: 'dashboard.tabs.groups',
  platform: 'dashboard.tabs.platform',
  users: 'dashboard.tabs.users',
  statistics: 'dashboard.tabs.statistics',
  appsettings: 'dashboard.tabs.appsettings',
  globalsettings: 'dashboard.tabs.globalsettings',
};

/** The tab a location shows. */
export function activeDashboardTab(pathname: string, search: URLSearchParams): DashboardTab {
  if (pathname.startsWith('/platformsettings')) return 'platform';
  if (pathname.startsWith('/users')) return 'users';
  if (pathname.startsWith('/statistics')) return 'statistics';
  if (pathname.startsWith('/appsettings')) return 'appsettings';
  if (pathname.startsWith('/globalsettings')) return 'globalsettings';
  return search.get('tab') === 'groups' ? 'groups' : 'apps';
}
