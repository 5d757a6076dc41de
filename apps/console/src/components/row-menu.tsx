import { MoreOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Radio, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MessageActionKey } from '@beacon/shared';
import { reportError } from '../lib/error-reporter';

/** The call of an action that changes a message (a mutation of the screen's feature). */
export interface RowActionCall {
  mutateAsync: (target: { appId: number; msgId: number; group?: boolean }) => Promise<unknown>;
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

interface RowMenuProps<K extends string> {
  appId: number;
  /** The row's id the calls take: a message's msgId (another list's rows: their own id). */
  msgId: number;
  /** The row's title, named by the menu button and the confirmations. */
  title: string;
  /** What the row allows, in menu order (the shared rules). */
  actions: readonly K[];
  /** The actions that change the message: each asks first, then runs its call. */
  calls: Partial<Record<K, RowActionCall>>;
  /** The i18n key prefix of the confirmations' text (`<prefix>.<action>`, with the row's title). */
  confirmText: string;
  /** a variant of the confirmations: `<key>_<variant>` where the dictionary has one, else `<key>` */
  confirmContext?: string;
  /** Every other action (detail, edit, copy, material): the screen's own. */
  onOpen: (key: K) => void;
  testId: string;
  /** The i18n key prefix of the items' labels and the confirmations' titles: `messages.actions` unless told. */
  labels?: string;
  /** Actions shown but not offered, each with the reason its tooltip gives. */
  disabled?: Partial<Record<K, string>>;
  /** The actions in red, their confirmation too: unless told, delete and recall (confirmations: all but cancel). */
  danger?: readonly K[];
  /**
   * An app-group send's row: 'ask' lets the confirmation choose the scope (1 this message, 2 all of the group — the
   * reader may act in every app of the group); 'one' says the action reaches this message only.
   */
  groupScope?: 'ask' | 'one';
}

/** The scope choice of a group row's confirmation; reports each change (it starts at "this message"). */
function ScopeChoice({ onChange }: { onChange: (all: boolean) => void }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  return (
    <Radio.Group
      value={all ? 2 : 1}
      onChange={(e) => {
        setAll(e.target.value === 2);
        onChange(e.target.value === 2);
      }}
      style={{ display: 'flex', flexDirection: 'column', gap: 4, marginTop: 12 }}
      data-testid="scope-choice"
    >
      <Radio value={1}>{t('messages.scope.one')}</Radio>
      <Radio value={2}>{t('messages.scope.all')}</Radio>
    </Radio.Group>
  );
}

/** A list row's action menu (part 2 §4): what the row allows; changes ask first; refusals show the spec's message. */
export function RowMenu<K extends string = MessageActionKey>({
  appId,
  msgId,
  title,
  actions,
  calls,
  confirmText,
  confirmContext,
  onOpen,
  testId,
  groupScope,
  labels = 'messages.actions',
  disabled = {},
  danger,
}: RowMenuProps<K>) {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const busy = Object.values<RowActionCall | undefined>(calls).some((c) => c?.isPending);
  const isDanger = (key: K) => (danger ? danger.includes(key) : key === 'delete' || key === 'recall');
  const dangerConfirm = (key: K) => (danger ? danger.includes(key) : key !== 'cancel');

  const run = (key: K) => {
    const call = calls[key];
    if (!call) return onOpen(key);
    let group = false;
    const plain = `${confirmText}.${key}`;
    const special = confirmContext ? `${plain}_${confirmContext}` : undefined;
    const text = t(special !== undefined && i18n.exists(special) ? special : plain, { title });
    void modal.confirm({
      title: t(`${labels}.${key}`),
      content:
        groupScope === undefined ? (
          text
        ) : (
          <>
            {text}
            {groupScope === 'ask' ? (
              <ScopeChoice onChange={(all) => (group = all)} />
            ) : (
              <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
                {t('messages.scope.onlyOne')}
              </Typography.Paragraph>
            )}
          </>
        ),
      okText: t('messages.confirm.ok'),
      cancelText: t('messages.confirm.back'),
      okButtonProps: { danger: dangerConfirm(key), ...{ 'data-testid': 'confirm-ok' } },
      onOk: () => call.mutateAsync({ appId, msgId, group }).catch(() => undefined),
    });
  };

  return (
    <Dropdown
      trigger={['click']}
      // opened with Enter, the focus goes into the menu, where the arrows and Enter pick an action
      autoFocus
      menu={{
        items: actions.map((key) => {
          const reason = disabled[key];
          const label = t(`${labels}.${key}`);
          return {
            key,
            label: reason ? (
              <Tooltip title={reason} placement="left">
                <span>{label}</span>
              </Tooltip>
            ) : (
              label
            ),
            disabled: reason !== undefined,
            danger: isDanger(key),
            'data-testid': `action-${key}`,
          };
        }),
        onClick: ({ key, domEvent }) => {
          // picked with Enter: the key's press would otherwise click what takes the focus next (the confirmation's
          // Back button, which closed it at once: a keyboard user could not stop, recall or delete)
          domEvent.preventDefault();
          run(key as K);
        },
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
