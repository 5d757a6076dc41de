import { AdminStatistics } from '../../../features/statistics/admin';

/** /statistics?item=push|user|tracking|alert: the admin dashboard (level 100; the router guards the level). */
export default function StatisticsRoute() {
  return <AdminStatistics />;
}
