import { useParams } from 'react-router';
import { MaterialsScreen } from '../../../../features/materials';
import { WithEditorPorts } from '../../../editor-ports';

/** /app/:appId/material/audit[?materialId=]: materials under review (the dashboard's link opens one). */
export default function MaterialAuditRoute() {
  const appId = Number(useParams().appId);
  return (
    <WithEditorPorts>
      <MaterialsScreen appId={appId} tab="audit" />
    </WithEditorPorts>
  );
}
