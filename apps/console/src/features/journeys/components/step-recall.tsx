import { UndoOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { canRecall, MessageType, type JourneyStepRow } from '@beacon/shared';
import { useRecallMessage } from '../../messages';
import { journeysQueryKey } from '../api/get-journeys';

/**
 * View mode's "recall this step" (issue 15: recall to a chosen step): a sent or sending notification step is taken
 * back from the devices that got it, as the message list's recall does, after a confirmation; other steps show
 * nothing.
 */
export function StepRecall({ appId, row }: { appId: number; row: JourneyStepRow | undefined }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const recall = useRecallMessage({
    mutationConfig: {
      onSuccess: () => {
        void message.success(t('journeys.recall.done'));
        void queryClient.invalidateQueries({ queryKey: journeysQueryKey(appId) });
      },
      onError: (err) => void message.error(err.message),
    },
  });
  if (!row || row.msgId === 0 || row.msgType !== MessageType.NOTIFICATION || !canRecall(row.status))
    return null;
  const ask = () =>
    modal.confirm({
      title: t('journeys.recall.confirmTitle', { tag: row.groupTag }),
      content: t('journeys.recall.confirmText'),
      okText: t('journeys.recall.action'),
      okButtonProps: { danger: true },
      onOk: () => recall.mutateAsync({ appId, msgId: row.msgId }),
    });
  return (
    <Button icon={<UndoOutlined />} loading={recall.isPending} onClick={ask} data-testid="step-recall">
      {t('journeys.recall.action')}
    </Button>
  );
}
