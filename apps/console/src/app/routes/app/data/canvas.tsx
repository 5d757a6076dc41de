import { useParams } from 'react-router';
import { JourneysScreen } from '../../../../features/journeys/components/journeys-screen';
import { WithEditorPorts } from '../../../editor-ports';

/** /app/:appId/data/canvas[?id=&act=confirm]: the journeys, and a journey's confirmation. */
export default function DataCanvasRoute() {
  const appId = Number(useParams().appId);
  return (
    <WithEditorPorts>
      <JourneysScreen appId={appId} />
    </WithEditorPorts>
  );
}
