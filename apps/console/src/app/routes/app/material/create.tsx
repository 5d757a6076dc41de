import { useParams } from 'react-router';
import { MaterialsScreen } from '../../../../features/materials';

/** /app/:appId/material/create[?materialId=&act=copy|edit][?msgId=][&from=audit]: create, copy or edit a material. */
export default function MaterialCreateRoute() {
  const appId = Number(useParams().appId);
  return <MaterialsScreen appId={appId} tab="create" />;
}
