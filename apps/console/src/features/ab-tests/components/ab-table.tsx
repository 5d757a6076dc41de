import { TrophyOutlined } from '@ant-design/icons';
import { Flex, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { type AbTestRow } from '@beacon/shared';
import {
  figureColumns,
  formatCount,
  formatRate,
  GroupTag,
  isRateKey,
  rowPushTime,
  StatusTag,
  type FigureKey,
  type ParentTableProps,
} from '../../messages';
import { armsOf, countRates, testCounts, winnerArm, type AbCounts } from '../lib/ab-list';
import { AbArmsTable, ArmLabel } from './ab-arms-table';
import { AbRowMenu } from './ab-row-menu';

type Figures = AbCounts & ReturnType<typeof countRates>;
const COUNT_FIELDS = {
  dispatched: 'dispatchCount',
  reached: 'arriveAll',
  shown: 'show',
  clicked: 'click',
} as const satisfies Record<string, keyof AbCounts>;

/** A test's figure as its row shows it: the sums over its messages, push over target. */
const figureText = (n: Figures, key: FigureKey): string => {
  if (key === 'push') return `${formatCount(n.pushCount)} / ${formatCount(n.targetCount)}`;
  return isRateKey(key) ? formatRate(n[key]) : formatCount(n[COUNT_FIELDS[key]]);
};

/** The variant sent to the rest, once decided (by the operator or the server). */
function WinnerTag({ row }: { row: AbTestRow }) {
  const { t } = useTranslation();
  const arm = winnerArm(row);
  if (!arm) return null;
  return (
    <Tag icon={<TrophyOutlined />} color="gold" data-testid={`ab-winner-${row.msgId}`}>
      {t('abTests.list.winner', { name: t('abTests.arm.name', { tag: arm.groupTag }) })}
    </Tag>
  );
}

interface AbTableProps extends ParentTableProps<AbTestRow> {
  projectLevel: number;
  onDetail: (row: AbTestRow) => void;
}

/**
 * The A/B tests: description and status with the test's variants and, once decided, its winner; creator and push
 * time, the figures summed over the test's messages and the row menu; each row expands to its arms (and the rest
 * after send to all).
 */
export function AbTable(props: AbTableProps) {
  const { t } = useTranslation();
  const { appId, projectLevel, onDetail, tz } = props;
  const numbers = (row: AbTestRow) => {
    const counts = testCounts(row);
    return { ...counts, ...countRates(counts) };
  };
  const columns: ColumnsType<AbTestRow> = [
    {
      key: 'description',
      title: `${t('messages.columns.description')} / ${t('messages.columns.status')}`,
      width: 260,
      render: (_, r) => (
        <div>
          <Typography.Link
            onClick={() => onDetail(r)}
            style={{ fontWeight: 500 }}
            data-testid={`ab-title-${r.msgId}`}
          >
            {r.title}
          </Typography.Link>
          <Flex gap={8} align="center" wrap style={{ marginTop: 4 }}>
            <StatusTag status={r.status} />
            {r.appGroupId !== null && <GroupTag msgId={r.msgId} parentMsgId={r.appGroupParentMsgId} />}
            <Space size={4} wrap data-testid={`ab-arms-${r.msgId}`}>
              {armsOf(r).map((arm) => (
                <ArmLabel key={arm.msgId} child={arm} />
              ))}
            </Space>
            <WinnerTag row={r} />
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
      render: (_, r) => {
        const [a] = armsOf(r);
        return (
          <div style={{ fontSize: 12 }}>
            <div>{r.ownerEmail}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {rowPushTime(
                {
                  scheduleType: a?.scheduleType ?? 1,
                  scheduleDate: a?.scheduleDate ?? null,
                  createTime: r.createTime,
                },
                tz,
              )}
            </Typography.Text>
          </div>
        );
      },
    },
    ...figureColumns<AbTestRow>(t, (r, key) => figureText(numbers(r), key)),
    {
      key: 'actions',
      title: t('messages.columns.actions'),
      width: 80,
      fixed: 'right',
      render: (_, r) => <AbRowMenu appId={appId} row={r} projectLevel={projectLevel} onDetail={onDetail} />,
    },
  ];

  return (
    <Table<AbTestRow>
      rowKey="id"
      size="middle"
      data-testid="ab-table"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      scroll={{ x: 'max-content' }}
      expandable={{ expandedRowRender: (r) => <AbArmsTable messages={r.childMsgs} /> }}
      pagination={{
        current: props.page,
        pageSize: props.pageSize,
        total: props.total,
        showSizeChanger: false,
        hideOnSinglePage: true,
        showTotal: (n) => t('abTests.list.total', { count: n }),
        onChange: props.onPageChange,
      }}
    />
  );
}
