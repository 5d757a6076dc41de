import { CheckCircleOutlined, CloseCircleOutlined, EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type JourneyDetail } from '@beacon/shared';
import { JourneyRejectDialog, JourneyRunDialog } from './journey-review-dialogs';

interface JourneyReviewActionsProps {
  appId: number;
  journey: JourneyDetail;
  /** 4: the app's reviewer (run, reject, edit); 6: the platform's administrator (pass, reject) */
  mode: 'review' | 'platformReview';
  /** mode 4's Edit: the canvas in edit mode (saving takes the journey out of review) */
  onEdit: () => void;
}

/** The canvas's review buttons (dialog modes 4 and 6), each decision behind its confirmation. */
export function JourneyReviewActions({ appId, journey, mode, onEdit }: JourneyReviewActionsProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'run' | 'reject'>();
  const kind = mode === 'review' ? 'run' : 'pass';
  const close = () => setOpen(undefined);
  return (
    <>
      {mode === 'review' && (
        <Button icon={<EditOutlined />} onClick={onEdit} data-testid="journey-review-edit">
          {t('journeys.review.edit')}
        </Button>
      )}
      <Button
        danger
        icon={<CloseCircleOutlined />}
        onClick={() => setOpen('reject')}
        data-testid="journey-review-reject"
      >
        {t('journeys.review.reject')}
      </Button>
      <Button
        type="primary"
        icon={<CheckCircleOutlined />}
        onClick={() => setOpen('run')}
        data-testid="journey-review-run"
      >
        {t(`journeys.review.${kind}`)}
      </Button>
      {open === 'run' && <JourneyRunDialog appId={appId} journey={journey} kind={kind} onClose={close} />}
      {open === 'reject' && <JourneyRejectDialog appId={appId} journey={journey} onClose={close} />}
    </>
  );
}
