import { useParams } from 'react-router';
import { UserScreen } from '../../../../features/statistics/components/user-screen';

/** /app/:appId/statisticsData/user: effective and new users per day. */
export default function StatisticsUserRoute() {
  const appId = Number(useParams().appId);
  return <UserScreen appId={appId} />;
}
