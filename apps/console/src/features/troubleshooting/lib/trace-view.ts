import { type MessageTrace } from '@beacon/shared';

export type StepStatus = 'wait' | 'process' | 'finish' | 'error';
export type StepKey = 'audience' | 'filters' | 'fcm' | 'device';
export type StepState =
  | 'targeted'
  | 'notTargeted'
  | 'unknown'
  | 'passed'
  | 'pending'
  | 'accepted'
  | 'refused'
  | 'inFlight'
  | 'noEvent'
  | 'loss'
  | 'event';

export interface TraceStep {
  key: StepKey;
  status: StepStatus;
  /** What to say under the step: a state key, or the loss / the latest event. */
  state: StepState;
}

/** The banner's tone for a stage: sent is good, lost is bad, waiting is a warning, the rest informative. */
export function traceTone(trace: MessageTrace): 'success' | 'error' | 'warning' | 'info' {
  switch (trace.stage) {
    case 'dispatched':
      return 'success';
    case 'dropped':
    case 'failed':
    case 'not-targeted':
    case 'not-selected':
      return 'error';
    case 'waiting':
      return trace.loss ? 'error' : 'warning';
    default:
      return 'info';
  }
}

/** The latest event the device reported, most advanced first. */
export function latestEvent(
  trace: MessageTrace,
): 'recalled' | 'clicked' | 'shown' | 'received' | 'showFailed' | undefined {
  const e = trace.events;
  if (!e) return undefined;
  if (e.recalled) return 'recalled';
  if (e.clicked) return 'clicked';
  if (e.showFailed) return 'showFailed';
  if (e.shown) return 'shown';
  if (e.received) return 'received';
  return undefined;
}

/** The four steps a message goes through for one device — audience, filters and policies, FCM, device events. */
export function traceSteps(trace: MessageTrace): TraceStep[] {
  const { stage } = trace;
  // its send records were dropped (retention): no step can be told
  if (stage === 'beyond-retention')
    return (['audience', 'filters', 'fcm', 'device'] as const).map((key) => ({
      key,
      status: 'wait',
      state: 'unknown',
    }));
  const audience: TraceStep =
    trace.targeted === true
      ? { key: 'audience', status: 'finish', state: 'targeted' }
      : trace.targeted === false
        ? { key: 'audience', status: 'error', state: 'notTargeted' }
        : { key: 'audience', status: stage === 'device-not-found' ? 'error' : 'wait', state: 'unknown' };
  const dropped = stage === 'dropped' || (trace.loss !== null && trace.loss.predicted);
  const passedFilters =
    stage === 'queued' || stage === 'sending' || stage === 'dispatched' || stage === 'failed';
  const filters: TraceStep = dropped
    ? { key: 'filters', status: 'error', state: 'loss' }
    : passedFilters
      ? { key: 'filters', status: 'finish', state: 'passed' }
      : { key: 'filters', status: 'wait', state: 'pending' };
  const fcm: TraceStep =
    stage === 'dispatched'
      ? { key: 'fcm', status: 'finish', state: 'accepted' }
      : stage === 'failed'
        ? { key: 'fcm', status: 'error', state: 'refused' }
        : stage === 'sending' || stage === 'queued'
          ? { key: 'fcm', status: 'process', state: 'inFlight' }
          : { key: 'fcm', status: 'wait', state: 'pending' };
  const event = latestEvent(trace);
  const device: TraceStep = event
    ? { key: 'device', status: event === 'showFailed' ? 'error' : 'finish', state: 'event' }
    : {
        key: 'device',
        status: stage === 'dispatched' ? 'process' : 'wait',
        state: stage === 'dispatched' ? 'noEvent' : 'pending',
      };
  return [audience, filters, fcm, device];
}
