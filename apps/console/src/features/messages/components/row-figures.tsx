import { Descriptions, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageRow } from '@beacon/shared';
import { formatCount, formatRate, ratio } from '../lib/format';
import { showsDashes } from '../lib/message-status';

/** What a count reads while nothing is counted yet (a scheduled message). */
export const DASH = '–';
/** A count in the reader's format, or a dash for a message that has not started (showsDashes). */
export const num = (n: number, dash = false) => (dash ? DASH : formatCount(n));

type Figures = Pick<
  MessageRow,
  | 'status'
  | 'targetCount'
  | 'pushCount'
  | 'dispatchCount'
  | 'lostCount'
  | 'arriveAll'
  | 'reachRate'
  | 'show'
  | 'showRate'
  | 'click'
  | 'clickRate'
>;

interface RowFiguresProps {
  row: Figures;
  testId: string;
  title?: ReactNode;
  /** figures a line (7: the list's expanded row, all on one) */
  column?: number;
  /** of the reached, those missed-push recovery won back (shown under reached when any) */
  recovered?: number;
}

/**
 * A message's own figures as its list row has them: targeted, push, dispatched, lost before dispatch, reached, shown
 * and clicked, with the list's rates (the list's expanded row, and the detail dialog of readers who do not see the
 * funnel). Targeted = dispatched + lost once the message is sent: the losses are what a reader needs to reconcile the
 * two (their codes are on the message's statistics screen).
 */
export function RowFigures({ row, testId, title, column = 7, recovered = 0 }: RowFiguresProps) {
  const { t } = useTranslation();
  const dash = showsDashes(row.status);
  return (
    <Descriptions size="small" column={column} title={title} data-testid={testId}>
      <Descriptions.Item label={t('messages.stats.targeted')}>{num(row.targetCount, dash)}</Descriptions.Item>
      <Descriptions.Item label={t('messages.detail.funnelSteps.push')}>
        {num(row.pushCount, dash)}
      </Descriptions.Item>
      <Descriptions.Item label={t('messages.columns.dispatched')}>
        {dash
          ? DASH
          : `${formatCount(row.dispatchCount)} (${formatRate(ratio(row.dispatchCount, row.pushCount))})`}
      </Descriptions.Item>
      <Descriptions.Item label={t('messages.stats.lost')}>
        {/* on one line: a long label in a narrow cell stacked its digits one a line */}
        <span data-testid={`${testId}-lost`} style={{ whiteSpace: 'nowrap' }}>
          {num(row.lostCount, dash)}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('messages.columns.reached')}>
        {/* the recovered part under the reached it is a part of */}
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <span>{dash ? DASH : `${formatCount(row.arriveAll)} (${formatRate(row.reachRate)})`}</span>
          {recovered > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`${testId}-recovered`}>
              {t('messages.recovered.ofReached', { formattedCount: formatCount(recovered) })}
            </Typography.Text>
          )}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('messages.columns.shown')}>
        {dash ? DASH : `${formatCount(row.show)} (${formatRate(row.showRate)})`}
      </Descriptions.Item>
      <Descriptions.Item label={t('messages.columns.clicked')}>
        {dash ? DASH : `${formatCount(row.click)} (${formatRate(row.clickRate)})`}
      </Descriptions.Item>
    </Descriptions>
  );
}
