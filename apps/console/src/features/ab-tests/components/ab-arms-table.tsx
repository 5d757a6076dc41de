import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { type AbArmRow } from '@beacon/shared';
import { formatCount, formatRate, showsDashes, StatusTag } from '../../messages';
import { countRates, restSource } from '../lib/ab-list';
import { armColor } from './arm-column';

const DASH = '–';

/** An arm's tag, or for the "send to all" message the arm it sent and "everyone else". */
export function ArmLabel({
  child,
}: {
  child: Pick<AbArmRow, 'groupTag' | 'rest'> & { round?: number | undefined };
}) {
  const { t } = useTranslation();
  const tag = restSource(child);
  const name = child.rest ? t('abTests.arm.rest', { tag }) : t('abTests.arm.name', { tag });
  return (
    <Tag color={armColor(tag)} style={{ marginInlineEnd: 0 }}>
      {child.round ? t('abTests.arm.round', { name, round: child.round + 1 }) : name}
    </Tag>
  );
}

const withRate = (n: number, rate: number) => `${formatCount(n)} (${formatRate(rate)})`;

/** A test's messages, expanded under its row: its arms A, B, C… and, after send to all, the rest, with their figures. */
export function AbArmsTable({ messages }: { messages: AbArmRow[] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<AbArmRow> = [
    {
      key: 'arm',
      title: t('abTests.columns.arm'),
      render: (_, c) => (
        <span data-testid={`arm-row-${c.msgId}`}>
          <ArmLabel child={c} />
        </span>
      ),
    },
    {
      key: 'share',
      title: t('abTests.columns.share'),
      align: 'right',
      render: (_, c) => formatRate(c.groupPercent),
    },
    { key: 'status', title: t('messages.columns.status'), render: (_, c) => <StatusTag status={c.status} /> },
    {
      key: 'push',
      title: t('messages.columns.push'),
      align: 'right',
      render: (_, c) =>
        showsDashes(c.status) ? DASH : `${formatCount(c.pushCount)} / ${formatCount(c.targetCount)}`,
    },
    {
      key: 'dispatched',
      title: t('messages.columns.dispatched'),
      align: 'right',
      render: (_, c) => (showsDashes(c.status) ? DASH : formatCount(c.dispatchCount)),
    },
    {
      key: 'reached',
      title: t('messages.columns.reached'),
      align: 'right',
      render: (_, c) => (showsDashes(c.status) ? DASH : withRate(c.arriveAll, countRates(c).reachRate)),
    },
    {
      key: 'shown',
      title: t('messages.columns.shown'),
      align: 'right',
      render: (_, c) => (showsDashes(c.status) ? DASH : withRate(c.show, countRates(c).showRate)),
    },
    {
      key: 'clicked',
      title: t('messages.columns.clicked'),
      align: 'right',
      render: (_, c) => (showsDashes(c.status) ? DASH : withRate(c.click, countRates(c).clickRate)),
    },
  ];
  return (
    <div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('abTests.list.armsNote')}
      </Typography.Text>
      <Table<AbArmRow>
        rowKey="msgId"
        size="small"
        columns={columns}
        dataSource={messages}
        pagination={false}
        style={{ marginTop: 6 }}
      />
    </div>
  );
}
