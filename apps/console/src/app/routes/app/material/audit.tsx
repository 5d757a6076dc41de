import { useParams } from 'react-router';
import { MaterialsScreen } from '../../../../features/materials';

/** /app/:appId/material/audit[?materialId=]: materials under review (the dashboard's link opens one). */
export default function MaterialAuditRoute() {
  const appId = Number(useParams().appId);
  return <MaterialsScreen appId={appId} tab="audit" />;
}
