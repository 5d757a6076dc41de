import { useNavigate, useParams, useSearchParams } from 'react-router';
import { TAG_LEVELS } from '@beacon/shared';
import { TagEditor } from '../../../../features/tags/components/tag-editor';
import { RequireLevel } from '../../../../features/user-groups/components/require-level';
import { appPath } from '../../../../lib/paths';

/** /app/:appId/config/tagconfigedit?id=: edit a tag (project levels 100–400). */
export default function EditTagRoute() {
  const appId = Number(useParams().appId);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(search.get('id')) || undefined;
  return (
    <RequireLevel appId={appId} levels={TAG_LEVELS}>
      <TagEditor appId={appId} id={id} onDone={() => void navigate(appPath(appId, 'config/tagmanagement'))} />
    </RequireLevel>
  );
}
