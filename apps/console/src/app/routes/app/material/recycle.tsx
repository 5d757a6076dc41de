import { useParams } from 'react-router';
import { MaterialsScreen } from '../../../../features/materials';
import { WithEditorPorts } from '../../../editor-ports';

/** /app/:appId/material/recycle: deleted materials, to restore or delete for good. */
export default function MaterialRecycleRoute() {
  const appId = Number(useParams().appId);
  return (
    <WithEditorPorts>
      <MaterialsScreen appId={appId} tab="recycle" />
    </WithEditorPorts>
  );
}
