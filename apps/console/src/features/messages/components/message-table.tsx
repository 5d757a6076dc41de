import { GlobalOutlined, LinkOutlined } from '@ant-design/icons';
import { Flex, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GroupChildRow, MessageRow } from '@beacon/shared';
import { WrappingFigure } from '../../../components/wrapping-figure';
import { formatCount, formatRate, ratio, rowPushTime } from '../lib/format';
import { showsDashes } from '../lib/message-status';
import { figureColumns, isRateKey } from './figure-columns';
import { GroupTag } from './group-tag';
import { RowActionsMenu } from './row-actions-menu';
import { DASH, num, RowFigures } from './row-figures';
import { StatusTag } from './status-tag';
import { appPath } from '../../../lib/paths';

interface MessageTableProps {
  appId: number;
  rows: MessageRow[];
  total: number;
  page: number;
  pageSize: number;
  tz: string;
  loading: boolean;
  conversion: boolean;
  projectLevel: number;
  /** The compose screen a row's edit and copy open (message/…). */
  composeScreen: string;
  onPageChange: (page: number) => void;
  onDetail: (row: MessageRow) => void;
}

/** A count cell: the figure may wrap at its group separators, so the columns fit laptop widths. */
const fig = (text: string) => <WrappingFigure text={text} />;
/** An inline block: a line breaks around it first, inside it only when it alone is wider than the column. */
const NO_SPLIT = { display: 'inline-block' } as const;

/** What a row's count columns read: a message row, or a group send's child under its parent. */
type Counted = Pick<
  MessageRow,
  'msgId' | 'status' | 'pushCount' | 'targetCount' | 'dispatchCount' | 'arriveAll' | 'show' | 'click'
>;
type CountKey = 'push' | 'dispatched' | 'reached' | 'shown' | 'clicked';

/** A count cell of the lists (a scheduled message shows dashes where nothing is counted yet). */
const COUNT_CELLS: Record<CountKey, (r: Counted) => ReactNode> = {
  push: (r) =>
    showsDashes(r.status) ? (
      DASH
    ) : (
      // each figure whole where it fits: a narrow column breaks at the slash before it breaks inside a figure
      <>
        <span style={NO_SPLIT}>{fig(formatCount(r.pushCount))}</span>
        {' / '}
        <span style={NO_SPLIT}>{fig(formatCount(r.targetCount))}</span>
      </>
    ),
  dispatched: (r) => (
    <span data-testid={`dispatched-${r.msgId}`}>{fig(num(r.dispatchCount, showsDashes(r.status)))}</span>
  ),
  reached: (r) => (
    <span data-testid={`reached-${r.msgId}`}>{fig(num(r.arriveAll, showsDashes(r.status)))}</span>
  ),
  shown: (r) => fig(num(r.show, showsDashes(r.status))),
  clicked: (r) => fig(num(r.click, showsDashes(r.status))),
};

/** One count column of the lists. */
function countColumn<T extends Counted>(key: CountKey, title: string): ColumnsType<T>[number] {
  return { key, title, align: 'right', render: (_, r) => COUNT_CELLS[key](r) };
}

/** A group send's other apps under its parent's row: each child's status and counts (the reader's apps only). */
function GroupChildren({ rows }: { rows: GroupChildRow[] }) {
  const { t } = useTranslation();
  return (
    <Table<GroupChildRow>
      size="small"
      rowKey="msgId"
      pagination={false}
      style={{ marginTop: 12 }}
      title={() => t('messages.group.title', { count: rows.length })}
      data-testid="group-children"
      dataSource={rows}
      locale={{ emptyText: t('messages.group.none') }}
      columns={[
        {
          key: 'app',
          title: t('messages.group.app'),
          render: (_, c) => (
            <>
              <div>{c.appTitle}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {c.pkg} · MsgId {c.msgId}
              </Typography.Text>
            </>
          ),
        },
        {
          key: 'status',
          title: t('messages.columns.status'),
          render: (_, c) => <StatusTag status={c.status} />,
        },
        countColumn('push', t('messages.columns.push')),
        countColumn('dispatched', t('messages.columns.dispatched')),
        countColumn('reached', t('messages.columns.reached')),
        countColumn('shown', t('messages.columns.shown')),
        countColumn('clicked', t('messages.columns.clicked')),
      ]}
    />
  );
}

/** The notification table: the columns of part 2 §2, an expandable stats row and the row menu. */
export function MessageTable(props: MessageTableProps) {
  const { t } = useTranslation();
  const { appId, projectLevel, onDetail, tz, conversion, composeScreen } = props;
  const columns: ColumnsType<MessageRow> = [
    {
      key: 'description',
      title: `${t('messages.columns.description')} / ${t('messages.columns.status')}`,
      width: 230,
      render: (_, r) => (
        <div style={{ minWidth: 160 }}>
          <Space size={6} align="start">
            <Typography.Link
              onClick={() => onDetail(r)}
              style={{ fontWeight: 500 }}
              data-testid={`title-${r.msgId}`}
            >
              {r.title}
            </Typography.Link>
            {r.materialId !== null && (
              <Tooltip title={t('messages.icons.material', { id: r.materialId })}>
                <LinkOutlined
                  aria-label={t('messages.icons.material', { id: r.materialId })}
                  style={{ color: '#4c6ef5' }}
                />
              </Tooltip>
            )}
            {r.multiLangEnable && (
              <Tooltip title={t('messages.icons.multiLang')}>
                <GlobalOutlined aria-label={t('messages.icons.multiLang')} style={{ color: '#4c6ef5' }} />
              </Tooltip>
            )}
            {r.pullUp && (
              <Tag color="purple" style={{ marginInlineEnd: 0 }} data-testid={`pullup-${r.msgId}`}>
                {t('messages.tags.pullUp')}
              </Tag>
            )}
            {r.appGroupId !== null && <GroupTag msgId={r.msgId} parentMsgId={r.appGroupParentMsgId} />}
            {r.parentMsgId !== null && (
              <Tooltip title={t('messages.tags.abTitle')}>
                <Link to={appPath(appId, 'data/abtest')} data-testid={`ab-${r.msgId}`}>
                  <Tag color="geekblue" style={{ marginInlineEnd: 0, cursor: 'pointer' }}>
                    {t('messages.tags.ab')}
                  </Tag>
                </Link>
              </Tooltip>
            )}
          </Space>
          <Flex gap={8} align="center" style={{ marginTop: 4 }}>
            <StatusTag status={r.status} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              MsgId {r.msgId}
            </Typography.Text>
          </Flex>
        </div>
      ),
    },
    {
      key: 'creator',
      title: t('messages.columns.creator'),
      render: (_, r) => (
        <div style={{ fontSize: 12, minWidth: 130 }}>
          <div style={{ overflowWrap: 'anywhere' }}>{r.ownerEmail}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {rowPushTime(r, tz)}
          </Typography.Text>
        </div>
      ),
    },
    ...figureColumns<MessageRow>(t, (r, key) =>
      isRateKey(key) ? (showsDashes(r.status) ? DASH : formatRate(r[key])) : COUNT_CELLS[key](r),
    ),
    ...(conversion
      ? ([
          {
            key: 'conversion',
            title: t('messages.columns.conversion'),
            align: 'right',
            render: (_, r) => fig(formatCount(r.conversion)),
          },
          {
            key: 'conversionRate',
            title: t('messages.columns.conversionRate'),
            align: 'right',
            render: (_, r) => formatRate(ratio(r.conversion, r.click)),
          },
        ] satisfies ColumnsType<MessageRow>)
      : []),
    {
      key: 'actions',
      title: t('messages.columns.actions'),
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <RowActionsMenu
          appId={appId}
          row={r}
          projectLevel={projectLevel}
          composeScreen={r.pullUp ? 'editpullup' : composeScreen}
          onDetail={onDetail}
        />
      ),
    },
  ];

  return (
    <Table<MessageRow>
      rowKey="id"
      size="middle"
      data-testid="message-table"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      // the columns take the width there is, wrapping long figures and e-mails, and scroll only when that is not
      // enough: with max-content the last columns sat under the sticky Actions column at 1440 px (issue 29 item 14)
      scroll={{ x: true }}
      tableLayout="auto"
      expandable={{
        expandedRowRender: (r) => (
          <>
            <RowFigures row={r} testId={`stats-${r.msgId}`} title={t('messages.stats.title')} />
            {r.groupChildren && <GroupChildren rows={r.groupChildren} />}
          </>
        ),
      }}
      pagination={{
        current: props.page,
        pageSize: props.pageSize,
        total: props.total,
        showSizeChanger: false,
        hideOnSinglePage: true,
        showTotal: (n) => t('messages.total', { count: n }),
        onChange: props.onPageChange,
      }}
    />
  );
}
