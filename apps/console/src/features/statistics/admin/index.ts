// The platform statistics (issue: admin dashboard /statistics and the /platformsettings tabs statistics and report).
// What app routes use of it; the app screens of this feature are in ../ (features/statistics/index.ts).
export { AdminStatistics, ADMIN_STAT_ITEMS, type AdminStatItem } from './components/admin-statistics';
export { default as PlatformStatisticsTab } from './components/platform-statistics-tab';
export { default as PlatformReportTab } from './components/platform-report-tab';
