import { useParams } from 'react-router';
import { JourneysScreen } from '../../../../features/journeys/components/journeys-screen';

/** /app/:appId/data/canvas[?id=&act=confirm]: the journeys, and a journey's confirmation. */
export default function DataCanvasRoute() {
  const appId = Number(useParams().appId);
  return <JourneysScreen appId={appId} />;
}
