import { App, Input, Modal, Typography } from 'antd';
import { type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, type ReviewItem } from '@beacon/shared';
import { isApiError } from '../../../lib/api-error';
import { reportError } from '../../../lib/error-reporter';
import { showFormError } from '../../../lib/form-errors';
import { useRejectReview } from '../api/reject-review';
import { checkReason, REASON_MAX } from '../lib/reject-reason';
import { isAbItem } from '../lib/review-item';
import { Form } from '../../../components/form';

interface RejectDialogProps {
  appId: number;
  item: ReviewItem;
  onClose: () => void;
}

/** The answers of a message no longer waiting for review. */
const DECIDED: readonly number[] = [ErrorCodes.REJECTION_NOT_ALLOWED, ErrorCodes.REVIEW_NOT_PENDING];

interface RejectValues {
  reason: string;
}

/**
 * Reject a message waiting for review (spec §4 Review): a required reason its author reads (1–200 characters, the
 * contract's rule, shown at the field). Enter rejects, Shift+Enter starts a new line.
 */
export function RejectDialog({ appId, item, onClose }: RejectDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RejectValues>();
  const reject = useRejectReview({
    mutationConfig: {
      onSuccess: () => {
        void message.success(t('reviews.done.reject'));
        onClose();
      },
      onError: (error) => {
        // decided meanwhile by another reviewer: say so and close (the list refreshes)
        if (isApiError(error) && DECIDED.includes(error.code)) {
          reportError(error);
          return onClose();
        }
        return showFormError(form, error);
      },
    },
  });

  const handleFinish = (values: RejectValues) => {
    const checked = checkReason(values.reason);
    if (checked.ok) reject.mutate({ appId, msgId: item.msgId, isAB: isAbItem(item), reason: checked.reason });
  };
  const handleKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    form.submit();
  };

  return (
    <Modal
      open
      title={t('reviews.reject.title', { title: item.title })}
      okText={t('reviews.reject.ok')}
      cancelText={t('reviews.reject.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={reject.isPending}
      okButtonProps={{ danger: true, ...{ 'data-testid': 'reject-ok' } }}
      destroyOnHidden
      data-testid="reject-dialog"
    >
      <Form<RejectValues> form={form} layout="vertical" preserve={false} onFinish={handleFinish}>
        <Form.Item
          name="reason"
          label={t('reviews.reject.reason')}
          extra={<Typography.Text type="secondary">{t('reviews.reject.hint')}</Typography.Text>}
          rules={[
            {
              validator: (_rule, value: string | undefined) => {
                const checked = checkReason(value);
                return checked.ok
                  ? Promise.resolve()
                  : Promise.reject(new Error(t(`reviews.reject.${checked.problem}`, { max: REASON_MAX })));
              },
            },
          ]}
        >
          <Input.TextArea
            autoFocus
            showCount
            maxLength={REASON_MAX}
            autoSize={{ minRows: 3, maxRows: 6 }}
            placeholder={t('reviews.reject.placeholder')}
            onKeyDown={handleKeyDown}
            data-testid="reject-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
