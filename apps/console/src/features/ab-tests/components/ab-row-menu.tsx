import { MoreOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type AbTestRow } from '@beacon/shared';
import { reportError } from '../../../lib/error-reporter';
import {
  CONFIRMED_ACTIONS,
  rowActions,
  useCancelMessage,
  useRecallMessage,
  useStopMessage,
  type RowActionKey,
} from '../../messages';
import { useDeleteAbTest } from '../api/delete-ab-test';
import { actionRow } from '../lib/ab-list';

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
    delete: useDeleteAbTest(config('delete')),
  };
  const keys = rowActions(actionRow(row), projectLevel, Date.now()).filter((k) => k !== 'material');
  const busy = Object.values(mutations).some((m) => m.isPending);

  const run = (key: RowActionKey) => {
    if (key === 'detail') return onDetail(row);
    if (key === 'edit' || key === 'copy')
      return void navigate(`/app/${appId}/message/editabtest?id=${row.id}&act=${key}`);
    if (key === 'material' || !CONFIRMED_ACTIONS.includes(key)) return undefined;
    const mutation = mutations[key];
    void modal.confirm({
      title: t(`messages.actions.${key}`),
      content: t(`abTests.confirmAction.${key}`, { title: row.title }),
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
        data-testid={`ab-menu-${row.msgId}`}
      />
    </Dropdown>
  );
}
