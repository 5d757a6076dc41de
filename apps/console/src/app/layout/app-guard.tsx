import { type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ErrorCodes, guardRedirect } from '@beacon/shared';
import { PageSpin } from '../../components/page-spin';
import { isApiError } from '../../lib/api-error';
import { useAppInfoForShell } from '../../features/apps/api/get-app-info';
import { NoAppAccess } from '../../features/apps/components/no-app-access';
import { appPath } from '../../lib/paths';

/**
 * The route guard of part 1 §2 for /app/:appId screens: no role on the app (1002) or an unknown app shows a clear
 * result with a way back; a screen whose permission list lacks the user's project level redirects.
 */
export function AppGuard({
  appId,
  screenPath,
  children,
}: {
  appId: string;
  screenPath: string;
  children: ReactNode;
}) {
  const id = /^\d+$/.test(appId) ? Number(appId) : 0;
  const { data: app, error, isLoading } = useAppInfoForShell(id);
  if (!id) return <NoAppAccess unknown />;
  if (isLoading) return <PageSpin />;
  if (error || !app) {
    const unknown =
      isApiError(error) &&
      (error.code === ErrorCodes.APP_UNKNOWN || error.code === ErrorCodes.PARAMETER_ILLEGAL);
    return <NoAppAccess unknown={unknown} />;
  }
  const target = guardRedirect(screenPath, app.projectLevel, app);
  if (target) return <Navigate to={appPath(app.appId, target)} replace />;
  return children;
}
