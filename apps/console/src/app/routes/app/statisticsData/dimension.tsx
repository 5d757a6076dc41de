import { useParams } from 'react-router';
import { DimensionScreen } from '../../../../features/statistics/components/dimension-screen';

/** /app/:appId/statisticsData/dimension: the report by day for countries and app versions. */
export default function StatisticsDimensionRoute() {
  const appId = Number(useParams().appId);
  return <DimensionScreen appId={appId} />;
}
