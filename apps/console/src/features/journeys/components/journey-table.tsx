import { Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { type JourneyRow } from '@beacon/shared';
import { type ParentTableProps, rowPushTime, StatusTag } from '../../messages';
import { isCounting } from '../lib/journey-status';
import { JourneyRowMenu } from './journey-row-menu';
import { useCount } from './use-count';

interface JourneyTableProps extends ParentTableProps<JourneyRow> {
  onView: (row: JourneyRow) => void;
  onConfirm: (row: JourneyRow) => void;
}

/** The journeys: description and id, creator and push time, status, steps, push over target, the row menu. */
export function JourneyTable(props: JourneyTableProps) {
  const { t } = useTranslation();
  const count = useCount();
  const { appId, tz, onView, onConfirm } = props;
  const columns: ColumnsType<JourneyRow> = [
    {
      key: 'description',
      title: t('messages.columns.description'),
      width: 260,
      render: (_, r) => (
        <div>
          <Typography.Link
            onClick={() => onView(r)}
            style={{ fontWeight: 500 }}
            data-testid={`journey-title-${r.msgId}`}
          >
            {r.title}
          </Typography.Link>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              MsgId {r.msgId}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      key: 'creator',
      title: t('messages.columns.creator'),
      render: (_, r) => (
        <div style={{ fontSize: 12 }}>
          <div>{r.ownerEmail}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {rowPushTime(r, tz)}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('messages.columns.status'),
      render: (_, r) => (
        <Flex vertical gap={4} align="flex-start">
          <StatusTag status={r.status} />
          {r.error && (
            <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`journey-error-${r.msgId}`}>
              {r.error}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'steps',
      title: t('journeys.list.steps'),
      align: 'right',
      render: (_, r) => count(r.childMsgs.length),
    },
    {
      key: 'push',
      title: t('messages.columns.push'),
      align: 'right',
      render: (_, r) =>
        isCounting(r.status) ? (
          <Typography.Text type="secondary">{t('journeys.list.counting')}</Typography.Text>
        ) : r.entry.kind === 'event' ? (
          // an event journey sends to those who enter: its entries so far, not an audience
          <span data-testid={`journey-entries-${r.msgId}`}>
            {t('journeys.list.entries', { count: r.entries, n: count(r.entries) })}
          </span>
        ) : (
          `${count(r.pushCount)} / ${count(r.targetCount)}`
        ),
    },
    {
      key: 'actions',
      title: t('messages.columns.actions'),
      width: 80,
      fixed: 'right',
      render: (_, r) => <JourneyRowMenu appId={appId} row={r} onConfirm={onConfirm} />,
    },
  ];

  return (
    <Table<JourneyRow>
      rowKey="id"
      size="middle"
      data-testid="journey-table"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: props.page,
        pageSize: props.pageSize,
        total: props.total,
        showSizeChanger: false,
        hideOnSinglePage: true,
        showTotal: (n) => t('journeys.list.total', { count: n }),
        onChange: props.onPageChange,
      }}
    />
  );
}
