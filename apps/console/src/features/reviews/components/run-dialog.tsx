import { Alert, App, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, type ReviewItem } from '@beacon/shared';
import { isApiError } from '../../../lib/api-error';
import { reportError } from '../../../lib/error-reporter';
import { useApproveReview } from '../api/approve-review';
import { isAbItem, scheduleOf } from '../lib/review-item';
import { scheduleLabel } from './schedule-label';

interface RunDialogProps {
  appId: number;
  item: ReviewItem;
  onClose: () => void;
}

/**
 * Run (pass) a message waiting for review (spec §4 Review): a plain confirmation naming when it will be sent, or,
 * when its time has gone by (the item says so, or the server answers 90003 meanwhile), "send now" or cancel.
 */
export function RunDialog({ appId, item, onClose }: RunDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [passed, setPassed] = useState(item.schedulePassed);
  const schedule = scheduleOf(item);
  const when = scheduleLabel(t, schedule);
  const approve = useApproveReview({
    mutationConfig: {
      onSuccess: () => {
        void message.success(t('reviews.done.run'));
        onClose();
      },
      onError: (error) => {
        if (isApiError(error) && error.code === ErrorCodes.SCHEDULE_PASSED) return setPassed(true);
        reportError(error);
        onClose();
        return undefined;
      },
    },
  });
  const run = () =>
    approve.mutate({ appId, msgId: item.msgId, isAB: isAbItem(item), ...(passed ? { sendNow: true } : {}) });

  return (
    <Modal
      open
      title={passed ? t('reviews.run.passedTitle') : t('reviews.run.title')}
      okText={passed ? t('reviews.run.sendNow') : t('reviews.run.ok')}
      cancelText={t('reviews.run.cancel')}
      onOk={run}
      onCancel={onClose}
      confirmLoading={approve.isPending}
      okButtonProps={{ ...{ 'data-testid': 'run-ok' } }}
      cancelButtonProps={{ ...{ 'data-testid': 'run-cancel' } }}
      destroyOnHidden
      data-testid="run-dialog"
    >
      {passed ? (
        <Alert
          type="warning"
          showIcon
          data-testid="run-passed"
          message={t('reviews.run.passed', { title: item.title, schedule: when })}
          description={t('reviews.run.passedHint')}
        />
      ) : (
        <Typography.Paragraph data-testid="run-confirm" style={{ marginBottom: 0 }}>
          {schedule.kind === 'now'
            ? t('reviews.run.confirmNow', { title: item.title })
            : t('reviews.run.confirmAt', { title: item.title, schedule: when })}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
