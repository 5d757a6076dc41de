import { Alert, Descriptions, Flex, Steps, Tag, Typography } from 'antd';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showFailedReasonName, TargetingType, type MessageTrace } from '@beacon/shared';
import { currentLanguage } from '../../../i18n';
import { StatusTag } from '../../messages';
import { localDateTime } from '../lib/format-time';
import { latestEvent, traceSteps, traceTone } from '../lib/trace-view';

const DASH = '–';
const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 };
const EVENT_KEYS = ['received', 'shown', 'clicked'] as const;

function offsetLabel(minutes: number | null, utc: string): string {
  if (minutes === null) return utc;
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '−' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The answer for one device and one message: a verdict, the four steps, and the facts behind them. */
export function MessageTraceResult({ trace }: { trace: MessageTrace }) {
  const { t } = useTranslation();
  // the evaluator explains a policy in English only: the detail is shown in the English console
  const lang = currentLanguage();
  const k = (key: string, opts?: Record<string, unknown>) => t(`troubleshooting.trace.${key}`, opts ?? {});
  const loss = trace.loss;
  const lossText = loss ? `${loss.name} (${k('lossCode', { code: loss.code })})` : '';
  const policyText = loss?.policy ? k(`policy.${loss.policy}`, { defaultValue: loss.policy }) : null;

  const details: ReactNode[] = [];
  // a journey's later step: its branch decides, not its conditions
  const journey = trace.reason === 'journey-not-entered' || trace.reason === 'journey-other-branch';
  if (journey) details.push(<span key="journey">{k(`reason.${trace.reason}`)}</span>);
  else if (trace.stage === 'not-targeted') {
    details.push(
      trace.unmatched.length > 0 ? (
        <Flex key="unmatched" wrap gap={4} align="center">
          <span>{k('notMatched')}</span>
          {trace.unmatched.map((c, i) => (
            <Tag key={i} color="red" style={MONO}>
              {c.label} {c.op ?? ''} {(c.values ?? []).join(', ')}
            </Tag>
          ))}
        </Flex>
      ) : trace.message.targetingType === TargetingType.DEVICES ? (
        <span key="ids">{k('notMatchedIds')}</span>
      ) : null,
    );
  }
  if (trace.stage === 'not-selected' || trace.stage === 'beyond-retention')
    details.push(<span key="reason">{k(`reason.${trace.reason ?? 'none'}`)}</span>);
  if (trace.stage === 'failed' && loss)
    details.push(<span key="fcm">{k(`fcm.${loss.code}`, { defaultValue: k('fcm.7') })}</span>);
  if (!journey && (trace.stage === 'waiting' || trace.stage === 'not-selected')) {
    if (loss)
      details.push(
        <span key="loss">{k(trace.stage === 'waiting' ? 'willDrop' : 'wouldDrop', { loss: lossText })}</span>,
      );
    else if (trace.delayedUntil)
      details.push(<span key="delay">{k('delayed', { time: localDateTime(trace.delayedUntil) })}</span>);
    else if (trace.stage === 'waiting') details.push(<span key="pass">{k('willPass')}</span>);
  }
  if ((trace.stage === 'dropped' || trace.stage === 'failed') && policyText)
    details.push(<span key="policy">{policyText}</span>);

  const event = latestEvent(trace);
  // a show failure by its documented reason's name and code, an other code by its number
  const showFailed = () => {
    const reason = trace.events?.showFailedReason ?? null;
    const name = showFailedReasonName(reason);
    if (reason === null) return k('event.showFailedBare');
    return name
      ? k('event.showFailedNamed', { why: k(`event.showFailedReason.${name}`), reason })
      : k('event.showFailed', { reason });
  };
  const stepState = (state: string) =>
    state === 'loss'
      ? (loss?.name ?? DASH)
      : state === 'event' && event
        ? event === 'showFailed'
          ? showFailed()
          : k(`event.${event}`)
        : k(`stepState.${state}`);
  const steps = traceSteps(trace).map((s) => ({
    title: k(`step.${s.key}`),
    content: stepState(s.state),
    status: s.status,
  }));

  const e = trace.events;
  const eventTags = e
    ? [
        ...EVENT_KEYS.filter((key) => e[key]).map((key) => (
          <Tag key={key} color="green">
            {k(`event.${key}`)} · {localDateTime(e[key] as string)}
          </Tag>
        )),
        ...(['dismissed', 'recalled', 'converted'] as const)
          .filter((key) => e[key])
          .map((key) => <Tag key={key}>{k(`event.${key}`)}</Tag>),
        ...(e.showFailed
          ? [
              <Tag key="showFailed" color="orange">
                {showFailed()}
              </Tag>,
            ]
          : []),
      ]
    : [];

  const items = [
    {
      key: 'message',
      label: k('field.message'),
      span: 2,
      children: (
        <Flex gap={8} align="center" wrap>
          <span>{trace.message.title}</span>
          <Typography.Text type="secondary">#{trace.message.id}</Typography.Text>
          <StatusTag status={trace.message.status} />
        </Flex>
      ),
    },
    {
      key: 'wave',
      label: k('field.wave'),
      span: 2,
      children: trace.wave
        ? `${localDateTime(trace.wave.runAt)} · ${offsetLabel(trace.wave.utcOffsetMin, k('utc'))} · ${k(`waveStatus.${trace.wave.status}`, { defaultValue: String(trace.wave.status) })}`
        : DASH,
    },
    {
      key: 'loss',
      label: k('field.loss'),
      span: 2,
      children: loss ? (
        <Flex vertical>
          <span>
            {lossText}
            {policyText ? ` · ${policyText}` : ''}
          </span>
          {loss.detail && lang === 'en' && <Typography.Text type="secondary">{loss.detail}</Typography.Text>}
        </Flex>
      ) : (
        DASH
      ),
    },
    {
      key: 'fcm',
      label: k('field.fcm'),
      children: trace.send
        ? k(
            trace.send.outcome === 2 && trace.send.attempts === 0
              ? 'outcome.notSent'
              : `outcome.${trace.send.outcome}`,
            { defaultValue: String(trace.send.outcome) },
          )
        : DASH,
    },
    { key: 'attempts', label: k('field.attempts'), children: trace.send ? trace.send.attempts : DASH },
    {
      key: 'fcmName',
      label: k('field.fcmName'),
      span: 2,
      children: trace.send?.fcmName ? (
        <Typography.Text copyable style={MONO}>
          {trace.send.fcmName}
        </Typography.Text>
      ) : (
        DASH
      ),
    },
    {
      key: 'sentAt',
      label: k('field.sentAt'),
      span: 2,
      children: trace.send?.sentAt ? localDateTime(trace.send.sentAt) : DASH,
    },
    {
      key: 'events',
      label: k('field.events'),
      span: 2,
      children:
        eventTags.length > 0 ? (
          <Flex wrap gap={4}>
            {eventTags}
          </Flex>
        ) : (
          DASH
        ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="message-trace" data-stage={trace.stage}>
      <Alert
        type={traceTone(trace)}
        showIcon
        title={k(`headline.${trace.stage}`, { loss: lossText })}
        description={
          details.length > 0 ? (
            <Flex vertical gap={4}>
              {details}
            </Flex>
          ) : undefined
        }
      />
      <Steps
        size="small"
        current={Math.max(
          0,
          steps.findLastIndex((s) => s.status !== 'wait'),
        )}
        items={steps}
      />
      <Descriptions bordered size="middle" column={2} items={items} styles={{ label: { width: 200 } }} />
    </Flex>
  );
}
