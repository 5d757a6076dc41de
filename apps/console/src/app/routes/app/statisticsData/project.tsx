import { useParams } from 'react-router';
import { ProjectScreen } from '../../../../features/statistics/components/project-screen';

/** /app/:appId/statisticsData/project: yesterday's cards and the message trend. */
export default function StatisticsProjectRoute() {
  const appId = Number(useParams().appId);
  return <ProjectScreen appId={appId} />;
}
