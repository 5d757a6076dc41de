import { Button, Descriptions, Flex, Modal, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { isDmpTargetClosed, type MessageActionKey, type ReviewItem } from '@beacon/shared';
import { StatusTag, zonedTime } from '../../messages';
import { mayDecide, scheduleOf } from '../lib/review-item';
import { scheduleLabel } from './schedule-label';

interface ReviewDialogProps {
  item: ReviewItem;
  projectLevel: number;
  /** The app's DMP switch: off disables edit of an item targeting an audience package (spec §4 Review). */
  dmpEnable: boolean;
  /** The list's zone (the creation time shows in it). */
  tz: string;
  onRun: () => void;
  onReject: () => void;
  onOpen: (key: MessageActionKey) => void;
  onClose: () => void;
}

/**
 * The review of one item, opened from a reviewer's mail link (spec part 2 §2, dialog mode 4 "operator review"): what
 * it is and when it would be sent, its full detail, edit, and run or reject.
 */
export function ReviewDialog({
  item,
  projectLevel,
  dmpEnable,
  tz,
  onRun,
  onReject,
  onOpen,
  onClose,
}: ReviewDialogProps) {
  const { t } = useTranslation();
  const decides = mayDecide(item, projectLevel);
  const closed = isDmpTargetClosed(item, dmpEnable);
  return (
    <Modal
      open
      title={t('reviews.review.title', { title: item.title })}
      onCancel={onClose}
      destroyOnHidden
      data-testid="review-dialog"
      footer={
        <Flex gap={8} justify="end" wrap>
          <Button onClick={() => onOpen('detail')} data-testid="review-detail">
            {t('reviews.review.detail')}
          </Button>
          <Tooltip title={closed ? t('reviews.review.dmpClosed') : undefined}>
            <Button onClick={() => onOpen('edit')} disabled={closed} data-testid="review-edit">
              {t('reviews.review.edit')}
            </Button>
          </Tooltip>
          {decides && (
            <>
              <Button danger onClick={onReject} data-testid="review-reject">
                {t('reviews.actions.reject')}
              </Button>
              <Button type="primary" onClick={onRun} data-testid="review-run">
                {t('reviews.actions.run')}
              </Button>
            </>
          )}
        </Flex>
      }
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('reviews.columns.description')}>
          <Flex gap={6} align="center" wrap>
            {item.title}
            <Tag style={{ marginInlineEnd: 0 }}>
              {t(`reviews.types.${item.msgType}`, { defaultValue: String(item.msgType) })}
            </Tag>
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t('reviews.columns.msgId')}>{item.msgId}</Descriptions.Item>
        <Descriptions.Item label={t('reviews.columns.creator')}>{item.ownerEmail}</Descriptions.Item>
        <Descriptions.Item label={t('reviews.columns.created')}>
          {zonedTime(item.createTime, tz)}
        </Descriptions.Item>
        <Descriptions.Item label={t('reviews.columns.schedule')}>
          <Flex gap={6} align="center" wrap>
            {scheduleLabel(t, scheduleOf(item))}
            {item.schedulePassed && <Tag color="warning">{t('reviews.schedule.passed')}</Tag>}
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t('reviews.columns.status')}>
          <StatusTag status={item.status} />
        </Descriptions.Item>
        {item.rejectReason && (
          <Descriptions.Item label={t('reviews.columns.reason')}>{item.rejectReason}</Descriptions.Item>
        )}
      </Descriptions>
    </Modal>
  );
}
