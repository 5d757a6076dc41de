import { Navigate, useParams } from 'react-router';
import { FORBID_VIEW_LEVELS } from '@beacon/shared';
import { PageSpin } from '../../../../components/page-spin';
import { useAppInfo } from '../../../../features/apps/api/get-app-info';
import { ForbidView } from '../../../../features/forbid/components/forbid-view';
import { appPath } from '../../../../lib/paths';

/** /app/:appId/config/forbid: the read-only control view; a tester is sent to the notification editor. */
export default function ForbidRoute() {
  const appId = Number(useParams().appId);
  const info = useAppInfo(appId);
  if (info.isLoading) return <PageSpin />;
  if (info.data && !FORBID_VIEW_LEVELS.includes(info.data.projectLevel))
    return <Navigate to={appPath(appId, 'message/editpush')} replace />;
  return <ForbidView appId={appId} />;
}
