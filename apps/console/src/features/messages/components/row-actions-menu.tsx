import { MoreOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MessageRow } from '@beacon/shared';
import { reportError } from '../../../lib/error-reporter';
import { useCancelMessage } from '../api/cancel-message';
import { useDeleteMessage } from '../api/delete-message';
import { useRecallMessage } from '../api/recall-message';
import { useStopMessage } from '../api/stop-message';
import { CONFIRMED_ACTIONS, rowActions, type RowActionKey } from '../lib/row-actions';

interface RowActionsMenuProps {
  appId: number;
  row: MessageRow;
  projectLevel: number;
  /** The compose screen edit and copy open: editpush, editcross, editpullup (the table's pick for a pull-up row). */
  composeScreen: string;
  onDetail: (row: MessageRow) => void;
}

/** The row menu (part 2 §4): only what the status allows; changes ask first; refusals show the spec's message. */
export function RowActionsMenu({ appId, row, projectLevel, composeScreen, onDetail }: RowActionsMenuProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const config = (key: RowActionKey) => ({
    mutationConfig: {
      onSuccess: () => void message.success(t(`messages.done.${key}`)),
      onError: (error: Error) => void reportError(error),
    },
  });
  const mutations = {
    cancel: useCancelMessage(config('cancel')),
    stop: useStopMessage(config('stop')),
    recall: useRecallMessage(config('recall')),
    delete: useDeleteMessage(config('delete')),
  };
  const keys = rowActions(row, projectLevel, Date.now());
  const busy = Object.values(mutations).some((m) => m.isPending);

  const run = (key: RowActionKey) => {
    if (key === 'detail') return onDetail(row);
    if (key === 'edit' || key === 'copy')
      return void navigate(`/app/${appId}/message/${composeScreen}?id=${row.id}&act=${key}`);
    if (key === 'material') return void navigate(`/app/${appId}/material/create?msgId=${row.msgId}`);
    if (!CONFIRMED_ACTIONS.includes(key)) return undefined;
    const mutation = mutations[key];
    void modal.confirm({
      title: t(`messages.actions.${key}`),
      content: t(`messages.confirm.${key}`, { title: row.title }),
      okText: t('messages.confirm.ok'),
      cancelText: t('messages.confirm.back'),
      okButtonProps: { danger: key !== 'cancel', ...{ 'data-testid': 'confirm-ok' } },
      onOk: () => mutation.mutateAsync({ appId, msgId: row.msgId }).catch(() => undefined),
    });
    return undefined;
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: keys.map((key) => ({
          key,
          label: t(`messages.actions.${key}`),
          danger: key === 'delete' || key === 'recall',
          'data-testid': `action-${key}`,
        })),
        onClick: ({ key }) => run(key as RowActionKey),
      }}
    >
      <Button
        type="text"
        icon={<MoreOutlined />}
        loading={busy}
        aria-label={t('messages.actions.menu', { title: row.title })}
        data-testid={`row-menu-${row.msgId}`}
      />
    </Dropdown>
  );
}
