import { useNavigate } from 'react-router';
import { MessageStatus, type MessageActionKey, type MessageRow } from '@beacon/shared';
import { RowMenu, useActionFeedback } from '../../../components/row-menu';
import { useAppInfo } from '../../apps';
import { useCancelMessage } from '../api/cancel-message';
import { useDeleteMessage } from '../api/delete-message';
import { useRecallMessage } from '../api/recall-message';
import { useStopMessage } from '../api/stop-message';
import { composePathOf, materialPathOf, rowActions } from '../lib/row-actions';
import { useCopyChoice } from './use-copy-choice';

const notStarted = (status: number) =>
  status === MessageStatus.WAITING || status === MessageStatus.WAITING_SCHEDULED;

/**
 * The actions of a message that open another screen: edit and copy on its compose screen (a copy of a message linked
 * to a material asks whether to keep the link), upload as material. The row menu and the detail dialog use it.
 */
export function useMessageNavigation(appId: number, composeScreen: string) {
  const navigate = useNavigate();
  const copyChoice = useCopyChoice();
  return (row: MessageRow, key: MessageActionKey) => {
    if (key === 'edit') void navigate(composePathOf(appId, composeScreen, row, 'edit'));
    else if (key === 'copy')
      copyChoice(
        row.materialId,
        (keep) => void navigate(composePathOf(appId, composeScreen, row, 'copy', keep)),
      );
    else if (key === 'material') void navigate(materialPathOf(appId, row));
  };
}

interface RowActionsMenuProps {
  appId: number;
  row: MessageRow;
  projectLevel: number;
  /** The compose screen edit and copy open: editpush, editcross, editpullup (the table's pick for a pull-up row). */
  composeScreen: string;
  onDetail: (row: MessageRow) => void;
}

/**
 * A message's row menu (part 2 §4): edit and copy on its compose screen (a copy of a message linked to a material
 * asks whether to keep the link), upload as material and the message calls.
 */
export function RowActionsMenu({ appId, row, projectLevel, composeScreen, onDetail }: RowActionsMenuProps) {
  const feedback = useActionFeedback();
  const calls = {
    cancel: useCancelMessage(feedback('cancel')),
    stop: useStopMessage(feedback('stop')),
    recall: useRecallMessage(feedback('recall')),
    delete: useDeleteMessage(feedback('delete')),
  };
  const navigateTo = useMessageNavigation(appId, composeScreen);
  const dmpEnable = useAppInfo(appId).data?.commercialEnable ?? false;
  const open = (key: MessageActionKey) => (key === 'detail' ? onDetail(row) : navigateTo(row, key));
  return (
    <RowMenu
      appId={appId}
      msgId={row.msgId}
      title={row.title}
      actions={rowActions(row, projectLevel, Date.now(), dmpEnable)}
      calls={calls}
      confirmText="messages.confirm"
      // stopping a message that has not started (waiting, scheduled) says it will not be sent at all
      confirmContext={notStarted(row.status) ? 'notStarted' : undefined}
      onOpen={open}
      testId={`row-menu-${row.msgId}`}
      {...(row.appGroupId !== null ? { groupScope: row.groupScope ? 'ask' : 'one' } : {})}
    />
  );
}
