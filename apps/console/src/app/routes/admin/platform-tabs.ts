import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The tabs of /platformsettings (part 1 §2), in display order; the default tab is `statistics`. */
export const PLATFORM_TAB_KEYS = ['daily', 'statistics', 'report', 'finework', 'models', 'apps'] as const;
export type PlatformTabKey = (typeof PLATFORM_TAB_KEYS)[number];

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
};
