import { describe, expect, it } from 'vitest';
import { type MessageTrace } from '@beacon/shared';
import { latestEvent, traceSteps, traceTone } from './trace-view';

const none = {
  received: null,
  shown: null,
  clicked: null,
  dismissed: false,
  recalled: false,
  converted: false,
  showFailed: false,
  showFailedReason: null,
};
const trace = (over: Partial<MessageTrace>): MessageTrace => ({
  message: { id: 1, title: 'x', status: 1, targetingType: 0, scheduleType: 1 },
  device: { found: true, country: 'NG', utcOffsetMin: 60 },
  stage: 'dispatched',
  targeted: true,
  unmatched: [],
  reason: null,
  loss: null,
  delayedUntil: null,
  wave: null,
  send: null,
  events: null,
  ...over,
});
const loss = (predicted: boolean) => ({
  code: 104,
  name: 'App country blocked',
  policy: 'app-country',
  detail: null,
  predicted,
});

describe('traceSteps', () => {
  it('walks a dispatched device through every step', () => {
    expect(
      traceSteps(trace({ events: { ...none, received: 'x', clicked: 'y' } })).map((s) => [s.status, s.state]),
    ).toEqual([
      ['finish', 'targeted'],
      ['finish', 'passed'],
      ['finish', 'accepted'],
      ['finish', 'event'],
    ]);
    expect(traceSteps(trace({ events: none }))[3]).toMatchObject({ status: 'process', state: 'noEvent' });
  });
  it('stops at the step that failed', () => {
    expect(traceSteps(trace({ stage: 'not-targeted', targeted: false }))[0]).toMatchObject({
      status: 'error',
      state: 'notTargeted',
    });
    expect(traceSteps(trace({ stage: 'dropped', loss: loss(false) })).map((s) => s.status)).toEqual([
      'finish',
      'error',
      'wait',
      'wait',
    ]);
    expect(
      traceSteps(trace({ stage: 'failed', loss: { ...loss(false), code: 1 } })).map((s) => s.status),
    ).toEqual(['finish', 'finish', 'error', 'wait']);
    expect(traceSteps(trace({ stage: 'waiting', loss: loss(true) }))[1]).toMatchObject({
      status: 'error',
      state: 'loss',
    });
    expect(traceSteps(trace({ stage: 'device-not-found', targeted: null }))[0]).toMatchObject({
      status: 'error',
      state: 'unknown',
    });
  });
});

describe('traceTone and latestEvent', () => {
  it('sent is good, lost or never picked is bad, waiting warns unless a loss is coming', () => {
    expect(traceTone(trace({}))).toBe('success');
    expect(traceTone(trace({ stage: 'dropped' }))).toBe('error');
    expect(traceTone(trace({ stage: 'not-selected' }))).toBe('error');
    expect(traceTone(trace({ stage: 'waiting' }))).toBe('warning');
    expect(traceTone(trace({ stage: 'waiting', loss: loss(true) }))).toBe('error');
    expect(traceTone(trace({ stage: 'queued' }))).toBe('info');
  });
  it('picks the most advanced event', () => {
    expect(latestEvent(trace({ events: { ...none, received: 'a', shown: 'b', recalled: true } }))).toBe(
      'recalled',
    );
    expect(latestEvent(trace({ events: { ...none, received: 'a', showFailed: true } }))).toBe('showFailed');
    expect(latestEvent(trace({ events: none }))).toBeUndefined();
  });
});
