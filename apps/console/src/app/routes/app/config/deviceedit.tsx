import { useNavigate, useParams, useSearchParams } from 'react-router';
import { TestDeviceForm } from '../../../../features/test-devices/components/test-device-form';
import { appPath } from '../../../../lib/paths';

/** /app/:appId/config/deviceedit[?id=]: add or edit a test device, then back to the list. */
export default function DeviceEditRoute() {
  const appId = Number(useParams().appId);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const raw = Number(search.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  return (
    <TestDeviceForm
      key={id ?? 'new'}
      appId={appId}
      id={id}
      onDone={() => void navigate(appPath(appId, 'config/device'))}
    />
  );
}
