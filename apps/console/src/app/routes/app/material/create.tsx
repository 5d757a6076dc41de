import { useParams } from 'react-router';
import { MaterialsScreen } from '../../../../features/materials';
import { WithEditorPorts } from '../../../editor-ports';

/** /app/:appId/material/create[?materialId=&act=copy|edit][?msgId=][&from=audit]: create, copy or edit a material. */
export default function MaterialCreateRoute() {
  const appId = Number(useParams().appId);
  return (
    <WithEditorPorts>
      <MaterialsScreen appId={appId} tab="create" />
    </WithEditorPorts>
  );
}
