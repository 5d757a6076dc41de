import { useParams } from 'react-router';
import { MaterialsScreen } from '../../../../features/materials';

/** /app/:appId/material/list[?materialType=&…filters&page=]: the material library. */
export default function MaterialListRoute() {
  const appId = Number(useParams().appId);
  return <MaterialsScreen appId={appId} tab="list" />;
}
