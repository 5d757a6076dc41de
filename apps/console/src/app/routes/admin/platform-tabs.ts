import { isSuperAdmin } from '@beacon/shared';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The tabs of /platformsettings (part 1 §2), in display order; the default tab is `statistics`. */
export const PLATFORM_TAB_KEYS = [
  'daily',
  'statistics',
  'report',
  'finework',
  'models',
  'apps',
  'system',
] as const;
export type PlatformTabKey = (typeof PLATFORM_TAB_KEYS)[number];

/** The tabs a user of this level sees: the daily settings are Global Settings, level 100's alone (part 1 §2). */
export function platformTabsFor(ulevel: number): readonly PlatformTabKey[] {
  return isSuperAdmin(ulevel) ? PLATFORM_TAB_KEYS : PLATFORM_TAB_KEYS.filter((key) => key !== 'daily');
}

/**
 * The implemented tab bodies, each a React.lazy import of a feature component; a tab not listed shows the
 * "coming soon" placeholder. Features add their tab with one line each.
 */
export const PLATFORM_TABS: Partial<Record<PlatformTabKey, LazyExoticComponent<ComponentType>>> = {
  daily: lazy(() => import('../../../features/global-settings/components/daily-tab')),
  models: lazy(() => import('../../../features/model-control/components/models-tab')),
  apps: lazy(() => import('../../../features/app-control/components/apps-tab')),
  finework: lazy(() => import('../../../features/forbid/components/finework-tab')),
  statistics: lazy(() => import('../../../features/statistics/admin/components/platform-statistics-tab')),
  report: lazy(() => import('../../../features/statistics/admin/components/platform-report-tab')),
  system: lazy(() => import('../../../features/system-status/components/system-status-tab')),
};
