import { useParams } from 'react-router';
import { TAG_LEVELS } from '@beacon/shared';
import { TagsPanel } from '../../../../features/tags/components/tags-panel';
import { RequireLevel } from '../../../../features/user-groups/components/require-level';

/** /app/:appId/config/tagmanagement: labels and audience packages (project levels 100–400). */
export default function TagManagementRoute() {
  const appId = Number(useParams().appId);
  return (
    <RequireLevel appId={appId} levels={TAG_LEVELS}>
      <TagsPanel appId={appId} />
    </RequireLevel>
  );
}
