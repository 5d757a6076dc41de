import { useParams } from 'react-router';
import { MaterialsScreen } from '../../../../features/materials';
import { WithEditorPorts } from '../../../editor-ports';

/** /app/:appId/material/list[?materialType=&…filters&page=]: the material library. */
export default function MaterialListRoute() {
  const appId = Number(useParams().appId);
  return (
    <WithEditorPorts>
      <MaterialsScreen appId={appId} tab="list" />
    </WithEditorPorts>
  );
}
