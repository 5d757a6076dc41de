import { useNavigate } from 'react-router';
import { type AbTestRow, type MessageActionKey } from '@beacon/shared';
import { RowMenu, useActionFeedback } from '../../../components/row-menu';
import { useAppInfo } from '../../apps';
import {
  rowActions,
  useCancelMessage,
  useDeleteMessage,
  useRecallMessage,
  useStopMessage,
} from '../../messages';
import { useDeleteAbTest } from '../api/delete-ab-test';
import { actionRow } from '../lib/ab-list';
import { appPath } from '../../../lib/paths';

/**
 * Delete: the test with its arms (abtest delete); with the group scope, the generic delete with `?group=1`, which
 * deletes each app's test of the group send with its arms.
 */
function useDeleteScoped(options: Parameters<typeof useDeleteAbTest>[0]) {
  const one = useDeleteAbTest(options);
  const group = useDeleteMessage(options);
  return {
    mutateAsync: (t: { appId: number; msgId: number; group?: boolean }) =>
      t.group ? group.mutateAsync(t) : one.mutateAsync(t),
    isPending: one.isPending || group.isPending,
  };
}

interface AbRowMenuProps {
  appId: number;
  row: AbTestRow;
  projectLevel: number;
  onDetail: (row: AbTestRow) => void;
}

/**
 * A test's row menu (part 2 §4) by the shared rules over the test and its arms: detail, edit and copy (editabtest with
 * the test's id), and, asked first, cancel, stop and recall (the generic calls with the test's id: the server acts on
 * its arms) and delete (abtest delete).
 */
export function AbRowMenu({ appId, row, projectLevel, onDetail }: AbRowMenuProps) {
  const navigate = useNavigate();
  const feedback = useActionFeedback();
  const calls = {
    cancel: useCancelMessage(feedback('cancel')),
    stop: useStopMessage(feedback('stop')),
    recall: useRecallMessage(feedback('recall')),
    delete: useDeleteScoped(feedback('delete')),
  };
  const dmpEnable = useAppInfo(appId).data?.commercialEnable ?? false;
  const open = (key: MessageActionKey) => {
    if (key === 'detail') onDetail(row);
    else if (key === 'edit' || key === 'copy')
      void navigate(appPath(appId, 'message/editabtest', { id: row.id, act: key }));
  };
  return (
    <RowMenu
      appId={appId}
      msgId={row.msgId}
      title={row.title}
      actions={rowActions(actionRow(row), projectLevel, Date.now(), dmpEnable).filter(
        (k) => k !== 'material',
      )}
      calls={calls}
      confirmText="abTests.confirmAction"
      onOpen={open}
      testId={`ab-menu-${row.msgId}`}
      {...(row.appGroupId !== null ? { groupScope: row.groupScope ? 'ask' : 'one' } : {})}
    />
  );
}
