import { Alert, App, Button, Input, Modal, Typography } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, type JourneyDetail } from '@beacon/shared';
import { isApiError } from '../../../lib/api-error';
import { reportError } from '../../../lib/error-reporter';
import { showFormError } from '../../../lib/form-errors';
import {
  checkReason,
  REASON_MAX,
  scheduleLabel,
  scheduleOf,
  useApproveReview,
  useRejectReview,
} from '../../reviews';
import { Form } from '../../../components/form';

/** Mode 4 runs a journey, mode 6 passes it: the same call, in the words of each. */
export type ReviewKind = 'run' | 'pass';

interface DialogProps {
  appId: number;
  journey: Pick<JourneyDetail, 'msgId' | 'title' | 'scheduleType' | 'scheduleDate' | 'scheduleUTC'>;
  onClose: () => void;
}

/** The answers of a journey no longer waiting for review (decided or edited meanwhile). */
const DECIDED: readonly number[] = [ErrorCodes.REVIEW_NOT_PENDING, ErrorCodes.REJECTION_NOT_ALLOWED];

/** Says that someone else decided (or edited) the journey meanwhile; other failures: the server's named error. */
function useDecidedError() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (error: unknown): boolean => {
    if (!isApiError(error) || !DECIDED.includes(error.code)) return false;
    void message.error(t('journeys.review.decided'));
    return true;
  };
}

/**
 * Run (mode 4) or pass (mode 6) a journey waiting for review: a confirmation naming when its entry step is sent, or,
 * when that time has gone by (the server answers 90003), "send now" or cancel (it keeps waiting for review).
 */
export function JourneyRunDialog({ appId, journey, kind, onClose }: DialogProps & { kind: ReviewKind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const decided = useDecidedError();
  const [passed, setPassed] = useState(false);
  const schedule = scheduleOf(journey);
  const when = scheduleLabel(t, schedule);
  const approve = useApproveReview({
    mutationConfig: {
      onSuccess: () => {
        void message.success(t(`journeys.review.done.${kind}`));
        onClose();
      },
      onError: (error) => {
        if (isApiError(error) && error.code === ErrorCodes.SCHEDULE_PASSED) return setPassed(true);
        if (!decided(error)) reportError(error);
        onClose();
        return undefined;
      },
    },
  });
  const run = () =>
    approve.mutate({ appId, msgId: journey.msgId, isAB: false, ...(passed ? { sendNow: true } : {}) });

  return (
    <Modal
      open
      title={
        passed
          ? t('journeys.review.passedTitle')
          : t(`journeys.review.${kind}Title`, { title: journey.title })
      }
      okText={passed ? t('journeys.review.sendNow') : t(`journeys.review.${kind}`)}
      cancelText={t('journeys.review.cancel')}
      onOk={run}
      onCancel={onClose}
      confirmLoading={approve.isPending}
      okButtonProps={{ ...{ 'data-testid': 'journey-run-ok' } }}
      destroyOnHidden
      data-testid="journey-run-dialog"
    >
      {passed ? (
        <Alert
          type="warning"
          showIcon
          data-testid="journey-run-passed"
          title={t('journeys.review.passed', { title: journey.title, schedule: when })}
          description={t('journeys.review.passedHint')}
        />
      ) : (
        <Typography.Paragraph data-testid="journey-run-confirm" style={{ marginBottom: 0 }}>
          {schedule.kind === 'now'
            ? t('journeys.review.confirmNow')
            : t('journeys.review.confirmAt', { schedule: when })}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}

interface RejectValues {
  reason: string;
}

/**
 * Reject a journey waiting for review (modes 4 and 6): a required reason its author reads (the review tab's rule,
 * 1–200 characters, at the field), then a confirmation that it will never be sent, then the reject call.
 */
export function JourneyRejectDialog({ appId, journey, onClose }: DialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const decided = useDecidedError();
  const [form] = Form.useForm<RejectValues>();
  /** the reason checked, waiting for the confirmation */
  const [reason, setReason] = useState<string>();
  const reject = useRejectReview({
    mutationConfig: {
      onSuccess: () => {
        void message.success(t('journeys.review.done.reject'));
        onClose();
      },
      onError: (error) => {
        if (decided(error)) return onClose();
        // back to the reason: a refusal of it shows at its field
        setReason(undefined);
        return showFormError(form, error);
      },
    },
  });

  const handleFinish = (values: RejectValues) => {
    const checked = checkReason(values.reason);
    if (checked.ok) setReason(checked.reason);
  };
  const handleKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    form.submit();
  };
  const confirming = reason !== undefined;

  return (
    <Modal
      open
      title={t('journeys.review.rejectTitle', { title: journey.title })}
      okText={confirming ? t('journeys.review.rejectConfirmOk') : t('journeys.review.reject')}
      cancelText={t('journeys.review.cancel')}
      onOk={() =>
        confirming ? reject.mutate({ appId, msgId: journey.msgId, isAB: false, reason }) : form.submit()
      }
      onCancel={onClose}
      // confirming: Back (to the reason, kept) instead of Cancel
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          {confirming ? (
            <Button onClick={() => setReason(undefined)} disabled={reject.isPending}>
              {t('journeys.review.back')}
            </Button>
          ) : (
            <CancelBtn />
          )}
          <OkBtn />
        </>
      )}
      confirmLoading={reject.isPending}
      okButtonProps={{ danger: true, ...{ 'data-testid': 'journey-reject-ok' } }}
      destroyOnHidden
      data-testid="journey-reject-dialog"
    >
      {confirming && (
        <Alert
          type="warning"
          showIcon
          data-testid="journey-reject-confirm"
          title={t('journeys.review.rejectConfirm', { title: journey.title })}
          description={reason}
        />
      )}
      <Form<RejectValues>
        form={form}
        layout="vertical"
        preserve
        onFinish={handleFinish}
        style={confirming ? { display: 'none' } : undefined}
      >
        <Form.Item
          name="reason"
          label={t('journeys.review.reason')}
          extra={<Typography.Text type="secondary">{t('journeys.review.reasonHint')}</Typography.Text>}
          rules={[
            {
              validator: (_rule, value: string | undefined) => {
                const checked = checkReason(value);
                return checked.ok
                  ? Promise.resolve()
                  : Promise.reject(new Error(t(`journeys.review.${checked.problem}`, { max: REASON_MAX })));
              },
            },
          ]}
        >
          <Input.TextArea
            autoFocus
            showCount
            maxLength={REASON_MAX}
            autoSize={{ minRows: 3, maxRows: 6 }}
            placeholder={t('journeys.review.reasonPlaceholder')}
            onKeyDown={handleKeyDown}
            data-testid="journey-reject-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
