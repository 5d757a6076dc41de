import { useParams, useSearchParams } from 'react-router';
import { AbComposeScreen } from '../../../../features/ab-tests/components/ab-compose-screen';
import { WithEditorPorts } from '../../../editor-ports';

/** /app/:appId/message/editabtest[?id=&act=edit|copy&from=review]: compose an A/B test (arms A and B). */
export default function EditAbTestRoute() {
  const appId = Number(useParams().appId);
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || undefined;
  const act = search.get('act');
  return (
    <WithEditorPorts>
      <AbComposeScreen
        appId={appId}
        id={id}
        act={act === 'edit' || act === 'copy' ? act : undefined}
        from={search.get('from') ?? undefined}
      />
    </WithEditorPorts>
  );
}
