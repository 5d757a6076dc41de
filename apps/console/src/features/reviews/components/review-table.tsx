import { Button, Flex, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { MessageStatus, MessageType, type MessageActionKey, type ReviewItem } from '@beacon/shared';
import { RowMenu, useActionFeedback } from '../../../components/row-menu';
import { useAppInfo } from '../../apps';
import { StatusTag, useDeleteMessage, zonedTime } from '../../messages';
import { mayDecide, reviewMenu, scheduleOf } from '../lib/review-item';
import { scheduleLabel } from './schedule-label';

interface ReviewTableProps {
  appId: number;
  rows: ReviewItem[];
  total: number;
  page: number;
  pageSize: number;
  /** The list's zone: creation times show in it. */
  tz: string;
  loading: boolean;
  projectLevel: number;
  /** Shown when the list is empty (the filters match nothing). */
  emptyText: string;
  onPageChange: (page: number) => void;
  onRun: (item: ReviewItem) => void;
  onReject: (item: ReviewItem) => void;
  /** Detail, edit and copy: the screen's own. */
  onOpen: (item: ReviewItem, key: MessageActionKey) => void;
}

const TYPE_COLORS: Record<number, string> = {
  [MessageType.NOTIFICATION]: 'blue',
  [MessageType.PASS_THROUGH]: 'purple',
  [MessageType.AB_TEST]: 'geekblue',
  [MessageType.CANVAS]: 'cyan',
};

/** A review item's row menu: detail, copy, edit, and delete (which asks first). */
function ReviewRowMenu({
  appId,
  item,
  projectLevel,
  onOpen,
}: {
  appId: number;
  item: ReviewItem;
  projectLevel: number;
  onOpen: (item: ReviewItem, key: MessageActionKey) => void;
}) {
  const feedback = useActionFeedback();
  const remove = useDeleteMessage(feedback('delete'));
  const dmpEnable = useAppInfo(appId).data?.commercialEnable ?? false;
  return (
    <RowMenu
      appId={appId}
      msgId={item.msgId}
      title={item.title}
      actions={reviewMenu(item, projectLevel, Date.now(), dmpEnable)}
      calls={{ delete: remove }}
      confirmText="messages.confirm"
      onOpen={(key) => onOpen(item, key)}
      testId={`row-menu-${item.msgId}`}
    />
  );
}

/** The review list (spec §2 data/review, §3 review item): 10 a page, run and reject for reviewers, the row menu. */
export function ReviewTable(props: ReviewTableProps) {
  const { t } = useTranslation();
  const { appId, projectLevel, tz, onOpen, onRun, onReject } = props;
  const columns: ColumnsType<ReviewItem> = [
    {
      key: 'description',
      title: t('reviews.columns.description'),
      width: 260,
      render: (_, r) => (
        <Space size={6} align="start" wrap>
          <Typography.Link
            onClick={() => onOpen(r, 'detail')}
            style={{ fontWeight: 500 }}
            data-testid={`review-title-${r.msgId}`}
          >
            {r.title}
          </Typography.Link>
          <Tag
            color={TYPE_COLORS[r.msgType]}
            style={{ marginInlineEnd: 0 }}
            data-testid={`review-type-${r.msgId}`}
          >
            {t(`reviews.types.${r.msgType}`, { defaultValue: String(r.msgType) })}
          </Tag>
        </Space>
      ),
    },
    {
      key: 'msgId',
      title: t('reviews.columns.msgId'),
      render: (_, r) => <Typography.Text copyable={{ text: String(r.msgId) }}>{r.msgId}</Typography.Text>,
    },
    {
      key: 'creator',
      title: t('reviews.columns.creator'),
      render: (_, r) => <span style={{ fontSize: 12 }}>{r.ownerEmail}</span>,
    },
    {
      key: 'created',
      title: t('reviews.columns.created'),
      render: (_, r) => <span style={{ fontSize: 12 }}>{zonedTime(r.createTime, tz)}</span>,
    },
    {
      key: 'schedule',
      title: t('reviews.columns.schedule'),
      render: (_, r) => (
        <Flex vertical gap={2} style={{ fontSize: 12 }} data-testid={`review-schedule-${r.msgId}`}>
          <span>{scheduleLabel(t, scheduleOf(r))}</span>
          {r.schedulePassed && r.status === MessageStatus.PENDING_REVIEW && (
            <Tag color="warning" style={{ marginInlineEnd: 0, width: 'fit-content' }}>
              {t('reviews.schedule.passed')}
            </Tag>
          )}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('reviews.columns.status'),
      render: (_, r) => <StatusTag status={r.status} />,
    },
    {
      key: 'reason',
      title: t('reviews.columns.reason'),
      width: 200,
      render: (_, r) =>
        r.status === MessageStatus.REVIEW_REJECTED && r.rejectReason ? (
          <Tooltip title={r.rejectReason}>
            <Typography.Paragraph
              ellipsis={{ rows: 2 }}
              style={{ marginBottom: 0, fontSize: 12, maxWidth: 200 }}
              data-testid={`review-reason-${r.msgId}`}
            >
              {r.rejectReason}
            </Typography.Paragraph>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">–</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: t('reviews.columns.actions'),
      fixed: 'right',
      render: (_, r) => (
        <Flex gap={4} align="center">
          {mayDecide(r, projectLevel) && (
            <>
              <Button size="small" type="primary" onClick={() => onRun(r)} data-testid={`run-${r.msgId}`}>
                {t('reviews.actions.run')}
              </Button>
              <Button size="small" danger onClick={() => onReject(r)} data-testid={`reject-${r.msgId}`}>
                {t('reviews.actions.reject')}
              </Button>
            </>
          )}
          <ReviewRowMenu appId={appId} item={r} projectLevel={projectLevel} onOpen={onOpen} />
        </Flex>
      ),
    },
  ];

  return (
    <Table<ReviewItem>
      rowKey="msgId"
      size="middle"
      data-testid="review-table"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: props.emptyText }}
      pagination={{
        current: props.page,
        pageSize: props.pageSize,
        total: props.total,
        showSizeChanger: false,
        hideOnSinglePage: true,
        showTotal: (n) => t('reviews.total', { count: n }),
        onChange: props.onPageChange,
      }}
    />
  );
}
