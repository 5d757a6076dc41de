import { useNavigate, useParams, useSearchParams } from 'react-router';
import { USER_GROUP_LEVELS } from '@beacon/shared';
import { RequireLevel } from '../../../../features/user-groups/components/require-level';
import { UserGroupEditor } from '../../../../features/user-groups/components/user-group-editor';
import { appPath } from '../../../../lib/paths';

/** /app/:appId/config/editgroup[?id=]: create or edit a user group (project levels 100–300). */
export default function EditUserGroupRoute() {
  const appId = Number(useParams().appId);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(search.get('id')) || undefined;
  return (
    <RequireLevel appId={appId} levels={USER_GROUP_LEVELS}>
      <UserGroupEditor appId={appId} id={id} onDone={() => void navigate(appPath(appId, 'config/group'))} />
    </RequireLevel>
  );
}
