import { useParams, useSearchParams } from 'react-router';
import { ComposeScreen } from '../../../../features/compose';
import { WithEditorPorts } from '../../../editor-ports';

/** The message kind each compose screen edits, by its path's screen. */
const KINDS = { editpush: 'notification', editcross: 'cross', editpullup: 'pullup' } as const;

/**
 * /app/:appId/message/{editpush,editcross,editpullup}[?id=&act=edit|copy&materialId=&from=review]: compose a
 * notification, a transparent (cross) message or a pull-up (a cross message opening an activity): one screen, its
 * mode the path's screen.
 */
export default function EditMessageRoute() {
  const params = useParams();
  const kind = KINDS[params.screen as keyof typeof KINDS] ?? 'notification';
  const appId = Number(params.appId);
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || undefined;
  const act = search.get('act');
  const materialId = Number(search.get('materialId')) || undefined;
  return (
    <WithEditorPorts>
      <ComposeScreen
        key={kind}
        kind={kind}
        appId={appId}
        id={id}
        act={act === 'edit' || act === 'copy' ? act : undefined}
        materialId={search.get('noMaterial') ? undefined : materialId}
        from={search.get('from') ?? undefined}
      />
    </WithEditorPorts>
  );
}
