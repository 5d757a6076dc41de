import { useParams, useSearchParams } from 'react-router';
import { ComposeScreen } from '../../../../features/compose/components/compose-screen';

/** /app/:appId/message/editcross[?id=&act=edit|copy&materialId=&from=review]: compose a transparent (cross) message. */
export default function EditCrossRoute() {
  const appId = Number(useParams().appId);
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || undefined;
  const act = search.get('act');
  const materialId = Number(search.get('materialId')) || undefined;
  return (
    <ComposeScreen
      kind="cross"
      appId={appId}
      id={id}
      act={act === 'edit' || act === 'copy' ? act : undefined}
      materialId={search.get('noMaterial') ? undefined : materialId}
      from={search.get('from') ?? undefined}
    />
  );
}
