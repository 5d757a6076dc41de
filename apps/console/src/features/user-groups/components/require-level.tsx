import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpin } from '../../../components/page-spin';
import { useAppInfo } from '../../apps';
import { appPath } from '../../../lib/paths';

/**
 * Shows `children` only to project levels in `levels` (part 1 §2 guard): otherwise level 300 goes to the user
 * groups and other levels to the notification editor.
 */
export function RequireLevel({
  appId,
  levels,
  children,
}: {
  appId: number;
  levels: readonly number[];
  children: ReactNode;
}) {
  const info = useAppInfo(appId);
  if (!info.data) return <PageSpin />;
  const level = info.data.projectLevel;
  if (levels.includes(level)) return <>{children}</>;
  const fallback = level === 300 ? 'config/group' : 'message/editpush';
  return <Navigate to={appPath(appId, fallback)} replace />;
}
