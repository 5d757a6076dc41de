import { useNavigate } from 'react-router';
import type { MessageActionKey, MessageRow } from '@beacon/shared';
import { RowMenu, useActionFeedback } from '../../../components/row-menu';
import { useCancelMessage } from '../api/cancel-message';
import { useDeleteMessage } from '../api/delete-message';
import { useRecallMessage } from '../api/recall-message';
import { useStopMessage } from '../api/stop-message';
import { rowActions } from '../lib/row-actions';

interface RowActionsMenuProps {
  appId: number;
  row: MessageRow;
  projectLevel: number;
  /** The compose screen edit and copy open: editpush, editcross, editpullup (the table's pick for a pull-up row). */
  composeScreen: string;
  onDetail: (row: MessageRow) => void;
}

/** A message's row menu (part 2 §4): edit and copy on its compose screen, material upload and the message calls. */
export function RowActionsMenu({ appId, row, projectLevel, composeScreen, onDetail }: RowActionsMenuProps) {
  const navigate = useNavigate();
  const feedback = useActionFeedback();
  const calls = {
    cancel: useCancelMessage(feedback('cancel')),
    stop: useStopMessage(feedback('stop')),
    recall: useRecallMessage(feedback('recall')),
    delete: useDeleteMessage(feedback('delete')),
  };
  const open = (key: MessageActionKey) => {
    if (key === 'detail') onDetail(row);
    else if (key === 'edit' || key === 'copy')
      void navigate(`/app/${appId}/message/${composeScreen}?id=${row.id}&act=${key}`);
    else if (key === 'material') void navigate(`/app/${appId}/material/create?msgId=${row.msgId}`);
  };
  return (
    <RowMenu
      appId={appId}
      msgId={row.msgId}
      title={row.title}
      actions={rowActions(row, projectLevel, Date.now())}
      calls={calls}
      confirmText="messages.confirm"
      onOpen={open}
      testId={`row-menu-${row.msgId}`}
      {...(row.appGroupId !== null ? { groupScope: row.groupScope ? 'ask' : 'one' } : {})}
    />
  );
}
