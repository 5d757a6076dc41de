import { useNavigate, useParams, useSearchParams } from 'react-router';
import { TAG_LEVELS, TagFlag } from '@beacon/shared';
import { TagEditor } from '../../../../features/tags/components/tag-editor';
import { RequireLevel } from '../../../../features/user-groups/components/require-level';
import { appPath } from '../../../../lib/paths';

/** /app/:appId/config/tagconfig[?flag=LABEL|GROUP]: a new tag or audience package (project levels 100–400). */
export default function NewTagRoute() {
  const appId = Number(useParams().appId);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const flag = TagFlag.safeParse(search.get('flag'));
  return (
    <RequireLevel appId={appId} levels={TAG_LEVELS}>
      <TagEditor
        appId={appId}
        defaultFlag={flag.success ? flag.data : undefined}
        onDone={() => void navigate(appPath(appId, 'config/tagmanagement'))}
      />
    </RequireLevel>
  );
}
