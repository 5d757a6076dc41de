import { Flex, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { type AbTestRow } from '@beacon/shared';
import {
  formatCount,
  formatRate,
  GroupTag,
  rowPushTime,
  StatusTag,
  type ParentTableProps,
} from '../../messages';
import { armsOf, countRates, testCounts } from '../lib/ab-list';
import { AbArmsTable, ArmLabel } from './ab-arms-table';
import { AbRowMenu } from './ab-row-menu';

interface AbTableProps extends ParentTableProps<AbTestRow> {
  projectLevel: number;
  onDetail: (row: AbTestRow) => void;
}

/**
 * The A/B tests: description and status, creator and push time, the figures summed over the test's messages and the
 * row menu; each row expands to its arms (and the rest after send to all).
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
            <Space size={4}>
              {armsOf(r).map((arm) => (
                <ArmLabel key={arm.msgId} child={arm} />
              ))}
            </Space>
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
    {
      key: 'push',
      title: t('messages.columns.push'),
      align: 'right',
      render: (_, r) => `${formatCount(numbers(r).pushCount)} / ${formatCount(numbers(r).targetCount)}`,
    },
    {
      key: 'dispatched',
      title: t('messages.columns.dispatched'),
      align: 'right',
      render: (_, r) => formatCount(numbers(r).dispatchCount),
    },
    {
      key: 'reached',
      title: t('messages.columns.reached'),
      align: 'right',
      render: (_, r) => formatCount(numbers(r).arriveAll),
    },
    {
      key: 'reachRate',
      title: t('messages.columns.reachRate'),
      align: 'right',
      render: (_, r) => formatRate(numbers(r).reachRate),
    },
    {
      key: 'shown',
      title: t('messages.columns.shown'),
      align: 'right',
      render: (_, r) => formatCount(numbers(r).show),
    },
    {
      key: 'showRate',
      title: t('messages.columns.showRate'),
      align: 'right',
      render: (_, r) => formatRate(numbers(r).showRate),
    },
    {
      key: 'clicked',
      title: t('messages.columns.clicked'),
      align: 'right',
      render: (_, r) => formatCount(numbers(r).click),
    },
    {
      key: 'clickRate',
      title: t('messages.columns.clickRate'),
      align: 'right',
      render: (_, r) => formatRate(numbers(r).clickRate),
    },
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
