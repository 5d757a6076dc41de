import { useParams } from 'react-router';
import { TroubleshootingPanel } from '../../../../features/troubleshooting/components/troubleshooting-panel';

/** /app/:appId/troubleshooting/equipment: device lookup, open to every project member. */
export default function EquipmentRoute() {
  const appId = Number(useParams().appId);
  return <TroubleshootingPanel key={appId} appId={appId} />;
}
