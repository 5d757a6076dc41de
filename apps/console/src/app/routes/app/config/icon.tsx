import { useParams } from 'react-router';
import { PageSpin } from '../../../../components/page-spin';
import { useAppInfo } from '../../../../features/apps/api/get-app-info';
import { IconPanel } from '../../../../features/icon/components/icon-panel';

/** /app/:appId/config/icon: the default notification icon and colour (every project level). */
export default function IconRoute() {
  const appId = Number(useParams().appId);
  const info = useAppInfo(appId);
  if (!info.data) return <PageSpin />;
  return <IconPanel appId={appId} appName={info.data.title} />;
}
