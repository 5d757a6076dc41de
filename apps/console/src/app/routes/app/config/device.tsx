import { useNavigate, useParams } from 'react-router';
import { TestDevicesPanel } from '../../../../features/test-devices/components/test-devices-panel';
import { appPath } from '../../../../lib/paths';

/** /app/:appId/config/device: the test devices (every project level). */
export default function DeviceRoute() {
  const appId = Number(useParams().appId);
  const navigate = useNavigate();
  return (
    <TestDevicesPanel
      appId={appId}
      onOpenEditor={(id) => void navigate(appPath(appId, 'config/deviceedit', { id }))}
    />
  );
}
