import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageRow } from '@beacon/shared';
import { useRecovered } from '../api/get-recovered';
import type { HoverController } from '../lib/hover-controller';
import { LossPopover } from './loss-popover';
import { RowFigures } from './row-figures';

interface FiguresSectionProps {
  appId: number;
  row: MessageRow;
  refresh: number | false;
  controller: HoverController;
}

/**
 * The detail dialog's figures for readers below project level 100, in the funnel's place (part 2 §2: the funnel is
 * requested for level 100 only): the message's own figures as its list row has them (no call of their own) and the
 * loss popovers, which have their own calls; under reached, the recovered part of it from the recovered table's call
 * (the same counter the funnel reads).
 */
export function FiguresSection({ appId, row, refresh, controller }: FiguresSectionProps) {
  const { t } = useTranslation();
  const recovered = useRecovered(appId, row.msgId, refresh);
  return (
    <section aria-labelledby={`figures-${row.msgId}`} data-testid="detail-figures-section">
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Title level={5} id={`figures-${row.msgId}`} style={{ margin: 0 }}>
          {t('messages.stats.title')}
        </Typography.Title>
        <Flex gap={4}>
          <LossPopover appId={appId} msgId={row.msgId} kind="dispatch" controller={controller} />
          <LossPopover appId={appId} msgId={row.msgId} kind="show" controller={controller} />
        </Flex>
      </Flex>
      <RowFigures row={row} testId="detail-figures" column={3} recovered={recovered.data?.total} />
    </section>
  );
}
