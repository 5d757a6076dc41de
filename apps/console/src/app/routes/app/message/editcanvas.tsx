import { useParams, useSearchParams } from 'react-router';
import { JourneyEditorScreen } from '../../../../features/journeys/components/journey-editor-screen';
import { WithEditorPorts } from '../../../editor-ports';

/** /app/:appId/message/editcanvas[?id=&act=edit|copy|view]: a journey's canvas. */
export default function EditCanvasRoute() {
  const appId = Number(useParams().appId);
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || undefined;
  const act = search.get('act');
  return (
    <WithEditorPorts>
      <JourneyEditorScreen
        appId={appId}
        id={id}
        act={act === 'edit' || act === 'copy' || act === 'view' ? act : undefined}
      />
    </WithEditorPorts>
  );
}
