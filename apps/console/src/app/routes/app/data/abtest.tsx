import { useParams } from 'react-router';
import { AbTestsScreen } from '../../../../features/ab-tests/components/ab-tests-screen';
import { WithEditorPorts } from '../../../editor-ports';

/** /app/:appId/data/abtest: the A/B tests with their arms. */
export default function DataAbTestRoute() {
  const appId = Number(useParams().appId);
  return (
    <WithEditorPorts>
      <AbTestsScreen appId={appId} />
    </WithEditorPorts>
  );
}
