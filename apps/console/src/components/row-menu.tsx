import { MoreOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { type MessageActionKey } from '@beacon/shared';
import { reportError } from '../lib/error-reporter';

/** The call of an action that changes a message (a mutation of the screen's feature). */
export interface RowActionCall {
  mutateAsync: (target: { appId: number; msgId: number }) => Promise<unknown>;
  isPending: boolean;
}

/** The mutation config of a row action's call: "done" when it succeeds, the error reporter when it fails. */
export function useActionFeedback() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (key: MessageActionKey) => ({
    mutationConfig: {
      onSuccess: () => void message.success(t(`messages.done.${key}`)),
      onError: (error: Error) => void reportError(error),
    },
  });
}

interface RowMenuProps {
  appId: number;
  msgId: number;
  /** The row's title, named by the menu button and the confirmations. */
  title: string;
  /** What the row allows, in menu order (the shared rules). */
  actions: readonly MessageActionKey[];
  /** The actions that change the message: each asks first, then runs its call. */
  calls: Partial<Record<MessageActionKey, RowActionCall>>;
  /** The i18n key prefix of the confirmations' text (`<prefix>.<action>`, with the row's title). */
  confirmText: string;
  /** Every other action (detail, edit, copy, material): the screen's own. */
  onOpen: (key: MessageActionKey) => void;
  testId: string;
}

/** A list row's action menu (part 2 §4): what the row allows; changes ask first; refusals show the spec's message. */
export function RowMenu({ appId, msgId, title, actions, calls, confirmText, onOpen, testId }: RowMenuProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const busy = Object.values(calls).some((c) => c?.isPending);

  const run = (key: MessageActionKey) => {
    const call = calls[key];
    if (!call) return onOpen(key);
    void modal.confirm({
      title: t(`messages.actions.${key}`),
      content: t(`${confirmText}.${key}`, { title }),
      okText: t('messages.confirm.ok'),
      cancelText: t('messages.confirm.back'),
      okButtonProps: { danger: key !== 'cancel', ...{ 'data-testid': 'confirm-ok' } },
      onOk: () => call.mutateAsync({ appId, msgId }).catch(() => undefined),
    });
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: actions.map((key) => ({
          key,
          label: t(`messages.actions.${key}`),
          danger: key === 'delete' || key === 'recall',
          'data-testid': `action-${key}`,
        })),
        onClick: ({ key }) => run(key as MessageActionKey),
      }}
    >
      <Button
        type="text"
        icon={<MoreOutlined />}
        loading={busy}
        aria-label={t('messages.actions.menu', { title })}
        data-testid={testId}
      />
    </Dropdown>
  );
}
