import { useParams } from 'react-router';
import { USER_GROUP_LEVELS } from '@beacon/shared';
import { RequireLevel } from '../../../../features/user-groups/components/require-level';
import { UserGroupsPanel } from '../../../../features/user-groups/components/user-groups-panel';

/** /app/:appId/config/group: the app's user groups (project levels 100–300). */
export default function UserGroupsRoute() {
  const appId = Number(useParams().appId);
  return (
    <RequireLevel appId={appId} levels={USER_GROUP_LEVELS}>
      <UserGroupsPanel appId={appId} />
    </RequireLevel>
  );
}
