import { Alert, Flex, Skeleton, Typography } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_PALETTE, lightOf, type ChartColor } from '../../../components/charts';
import { formatCount, formatRate, ratio, zonedTime } from '../lib/format';
import { useFunnel } from '../api/get-funnel';
import type { HoverController } from '../lib/hover-controller';
import { LossPopover } from './loss-popover';

const STEPS = ['push', 'channelReach', 'targetReceive', 'targetReach', 'show', 'click'] as const;
const [PUSH, DISPATCH, REACH, SHOW, CLICK] = CHART_PALETTE;
/** The bars' colours, from the chart palette: the steps as the statistics charts colour them (the channel's light). */
export const FUNNEL_COLORS: Record<(typeof STEPS)[number], ChartColor> = {
  push: PUSH,
  channelReach: DISPATCH,
  targetReceive: lightOf(DISPATCH),
  targetReach: REACH,
  show: SHOW,
  click: CLICK,
};

/** A bar of `value` out of `push` (at least a sliver). */
function Bar({ value, push, color }: { value: number; push: number; color: ChartColor }) {
  const width = push > 0 ? Math.max(0.5, Math.min(100, (value / push) * 100)) : 0;
  return (
    <span
      aria-hidden
      style={{ flex: 1, background: '#f1f3f5', borderRadius: 4, height: 18, position: 'relative' }}
    >
      <span
        style={{ position: 'absolute', inset: 0, width: `${width}%`, background: color, borderRadius: 4 }}
      />
    </span>
  );
}

interface StepProps {
  testId: string;
  label: ReactNode;
  /** a hint on hover */
  title?: string;
  children: ReactNode;
}

function Step({ testId, label, title, children }: StepProps) {
  return (
    <Flex align="center" gap={12} style={{ marginBottom: 6 }} data-testid={testId} title={title}>
      <dt style={{ width: 120, flex: 'none', fontSize: 13 }}>{label}</dt>
      <dd style={{ flex: 1, margin: 0, display: 'flex', alignItems: 'center', gap: 8 }}>{children}</dd>
    </Flex>
  );
}

interface FunnelSectionProps {
  appId: number;
  msgId: number;
  refresh: number | false;
  controller: HoverController;
}

/**
 * The funnel as horizontal bars (width relative to push), each with its count and its rate of push; under target
 * reach, when missed-push recovery won any back, the recovered part of it (within reach, not added to it).
 */
export function FunnelSection({ appId, msgId, refresh, controller }: FunnelSectionProps) {
  const { t } = useTranslation();
  const funnel = useFunnel(appId, msgId, refresh);
  const push = funnel.data?.push ?? 0;
  const recovered = funnel.data?.recovered ?? 0;
  return (
    <section aria-labelledby={`funnel-${msgId}`} data-testid="funnel">
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} id={`funnel-${msgId}`} style={{ margin: 0 }}>
          {t('messages.detail.funnel')}
        </Typography.Title>
        <Flex gap={4}>
          <LossPopover appId={appId} msgId={msgId} kind="dispatch" controller={controller} />
          <LossPopover appId={appId} msgId={msgId} kind="show" controller={controller} />
        </Flex>
      </Flex>
      {!funnel.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <dl style={{ margin: '8px 0 0' }}>
          {STEPS.map((step, i) => {
            const value = funnel.data[step];
            return (
              <Fragment key={step}>
                <Step testId={`funnel-${step}`} label={t(`messages.detail.funnelSteps.${step}`)}>
                  <Bar value={value} push={push} color={FUNNEL_COLORS[step]} />
                  <span style={{ width: 160, flex: 'none', fontSize: 13, textAlign: 'right' }}>
                    <strong>{formatCount(value)}</strong>{' '}
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {i === 0 ? '' : t('messages.detail.ofPush', { rate: formatRate(ratio(value, push)) })}
                    </Typography.Text>
                  </span>
                </Step>
                {/* a part of target reach, counted in it once: never a step of its own */}
                {step === 'targetReach' && recovered > 0 && (
                  <Step
                    testId="funnel-recovered"
                    title={t('messages.recovered.inReach')}
                    label={
                      <Typography.Text type="secondary" style={{ paddingLeft: 12, fontSize: 12 }}>
                        {t('messages.recovered.ofReach')}
                      </Typography.Text>
                    }
                  >
                    <Bar value={recovered} push={push} color={lightOf(REACH)} />
                    <span style={{ width: 160, flex: 'none', fontSize: 13, textAlign: 'right' }}>
                      <strong data-testid="funnel-recovered-count">{formatCount(recovered)}</strong>{' '}
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t('messages.recovered.shareOfReach', { rate: formatRate(ratio(recovered, value)) })}
                      </Typography.Text>
                    </span>
                  </Step>
                )}
              </Fragment>
            );
          })}
        </dl>
      )}
      {funnel.data && funnel.data.waiting > 0 && (
        <Alert
          type="info"
          showIcon
          data-testid="funnel-waiting"
          style={{ marginTop: 8 }}
          message={[
            t('messages.detail.waiting', {
              count: funnel.data.waiting,
              formattedCount: formatCount(funnel.data.waiting),
            }),
            funnel.data.waitingNext
              ? t('messages.detail.waitingNext', { time: zonedTime(funnel.data.waitingNext, '+0000') })
              : '',
          ]
            .join(' ')
            .trim()}
        />
      )}
    </section>
  );
}
