import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { MessageStatus, type JourneyDetail } from '@beacon/shared';
import { type CanvasMode } from '../lib/canvas-mode';

/**
 * What review means for the journey on the canvas: who decides and how (modes 4 and 6), that it waits for review or
 * was rejected, with the reviewer's reason (the other modes), and that saving an edit takes it out of review.
 */
export function ReviewNotes({
  journey,
  mode,
}: {
  journey: Pick<JourneyDetail, 'status' | 'rejectReason'>;
  mode: CanvasMode;
}) {
  const { t } = useTranslation();
  const rejected = journey.status === MessageStatus.REVIEW_REJECTED;
  if (mode === 'review' || mode === 'platformReview')
    return (
      <Alert
        type="info"
        showIcon
        data-testid="review-note"
        title={t(`journeys.review.note.${mode}`)}
        description={t(`journeys.review.note.${mode}Hint`)}
      />
    );
  const edit = mode === 'edit' ? t('journeys.review.note.editHint') : undefined;
  if (rejected)
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="review-note"
        title={t('journeys.review.note.rejected', { reason: journey.rejectReason || '—' })}
        description={edit}
      />
    );
  return (
    <Alert
      type="info"
      showIcon
      data-testid="review-note"
      title={t('journeys.review.note.pending')}
      description={edit}
    />
  );
}
