import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type MessageTrace } from '@beacon/shared';
import { renderAt } from '../../../test-utils';
import { MessageTraceResult } from './message-trace-result';

const base: MessageTrace = {
  message: { id: 42, title: 'Flash sale', status: 1, targetingType: 1, scheduleType: 1 },
  device: { found: true, country: 'NG', utcOffsetMin: 60 },
  stage: 'dispatched',
  targeted: true,
  unmatched: [],
  reason: null,
  loss: null,
  delayedUntil: null,
  wave: { utcOffsetMin: null, runAt: '2025-06-15T12:00:00.000Z', status: 2 },
  send: {
    outcome: 1,
    lossCode: 0,
    fcmName: 'projects/shop/messages/0:1750000000000%abc',
    attempts: 1,
    sentAt: '2025-06-15T12:00:01.000Z',
  },
  events: {
    received: '2025-06-15T12:00:02.000Z',
    shown: '2025-06-15T12:00:03.000Z',
    clicked: null,
    dismissed: false,
    recalled: false,
    converted: false,
    showFailed: false,
    showFailedReason: null,
  },
};

afterEach(cleanup);
// waiting steps show their number before the title
const stepTexts = () =>
  [...document.querySelectorAll('.ant-steps-item')].map((el) => (el.textContent ?? '').replace(/^\d/, ''));

describe('MessageTraceResult', () => {
  it('a dispatched device: FCM’s answer, its message name and the events that came back', () => {
    renderAt('/', <MessageTraceResult trace={base} />);
    const result = screen.getByTestId('message-trace');
    expect(within(result).getByText('Sent: FCM accepted the message for this device')).toBeTruthy();
    expect(within(result).getByText('projects/shop/messages/0:1750000000000%abc')).toBeTruthy();
    expect(within(result).getAllByText('Accepted')).toHaveLength(2);
    expect(result.textContent).toMatch(/Received · 2025-06-15 \d\d:00:02/);
    expect(result.textContent).toMatch(/Shown · /);
    expect(result.textContent).not.toMatch(/Clicked · /);
    expect(stepTexts()).toEqual([
      'AudienceTargeted',
      'Filters and policiesPassed',
      'FCMAccepted',
      'DeviceShown',
    ]);
    expect(within(result).getByText('Sent')).toBeTruthy();
  });

  it('a notification not shown names the documented reason with its code, another code by its number', () => {
    const failed = (showFailedReason: number | null) => ({
      ...base,
      events: { ...base.events!, shown: null, showFailed: true, showFailedReason },
    });
    renderAt('/', <MessageTraceResult trace={failed(12)} />);
    expect(stepTexts()[3]).toBe('DeviceNot shown: could not be displayed (reason 12)');
    expect(screen.getByTestId('message-trace').textContent).toMatch(
      /Received · [^|]*Not shown: could not be displayed \(reason 12\)/,
    );
    cleanup();
    renderAt('/', <MessageTraceResult trace={failed(1)} />);
    expect(stepTexts()[3]).toBe('DeviceNot shown: notifications turned off (reason 1)');
    cleanup();
    renderAt('/', <MessageTraceResult trace={failed(437)} />);
    expect(stepTexts()[3]).toBe('DeviceNot shown (reason 437)');
    cleanup();
    renderAt('/', <MessageTraceResult trace={failed(null)} />);
    expect(stepTexts()[3]).toBe('DeviceNot shown');
  });

  it('a device dropped by a policy: the loss code with its name and the policy', () => {
    const trace: MessageTrace = {
      ...base,
      stage: 'dropped',
      loss: {
        code: 104,
        name: 'App country blocked',
        policy: 'app-country',
        detail: 'country FR is banned for app 1',
        predicted: false,
      },
      send: { outcome: 2, lossCode: 104, fcmName: null, attempts: 0, sentAt: null },
      events: { ...base.events!, received: null, shown: null },
    };
    renderAt('/', <MessageTraceResult trace={trace} />);
    expect(screen.getByText('Dropped before sending: App country blocked (code 104)')).toBeTruthy();
    expect(screen.getByText('App country blocked (code 104) · Country banned for this app')).toBeTruthy();
    expect(screen.getByText('country FR is banned for app 1')).toBeTruthy();
    expect(stepTexts()).toEqual([
      'AudienceTargeted',
      'Filters and policiesApp country blocked',
      'FCMNot yet',
      'DeviceNot yet',
    ]);
  });

  it('a device FCM refused explains the FCM answer', () => {
    const trace: MessageTrace = {
      ...base,
      stage: 'failed',
      loss: { code: 1, name: 'Uninstalled user', policy: 'uninstalled', detail: null, predicted: false },
      send: { ...base.send!, outcome: 2, lossCode: 1, fcmName: null },
      events: null,
    };
    renderAt('/', <MessageTraceResult trace={trace} />);
    expect(screen.getByText('Not delivered: Uninstalled user (code 1)')).toBeTruthy();
    expect(screen.getByText(/FCM answered 404 UNREGISTERED/)).toBeTruthy();
    expect(stepTexts()[2]).toBe('FCMRefused');
  });

  it('a device outside the audience lists the conditions it fails', () => {
    const trace: MessageTrace = {
      ...base,
      stage: 'not-targeted',
      targeted: false,
      unmatched: [{ label: 'country', op: 'in', values: ['NG', 'FR'], allSelected: 0 }],
      send: null,
      events: null,
    };
    renderAt('/', <MessageTraceResult trace={trace} />);
    expect(screen.getByText('Not targeted: this device is not in the message’s audience')).toBeTruthy();
    expect(screen.getByText('country in NG, FR')).toBeTruthy();
    expect(stepTexts()[0]).toBe('AudienceNot targeted');
  });

  it('a waiting device: delayed by a banned window, or the loss it will get, with the wave', () => {
    const waiting: MessageTrace = {
      ...base,
      message: { ...base.message, status: 7, scheduleType: 3 },
      stage: 'waiting',
      send: null,
      events: null,
      wave: { utcOffsetMin: 330, runAt: '2025-06-16T17:30:00.000Z', status: 0 },
      delayedUntil: '2025-06-17T02:30:00.000Z',
    };
    renderAt('/', <MessageTraceResult trace={waiting} />);
    expect(screen.getByText('Not sent yet: the message is waiting')).toBeTruthy();
    expect(screen.getByText(/it will be sent when the window ends, at 2025-06-1\d/)).toBeTruthy();
    expect(screen.getByText(/UTC\+05:30 · queued/)).toBeTruthy();
    cleanup();
    renderAt(
      '/',
      <MessageTraceResult
        trace={{
          ...waiting,
          delayedUntil: null,
          loss: {
            code: 107,
            name: 'Notifications off',
            policy: 'notifications-off',
            detail: null,
            predicted: true,
          },
        }}
      />,
    );
    expect(
      screen.getByText('When it is sent, it will be dropped: Notifications off (code 107)'),
    ).toBeTruthy();
  });

  it('a targeted device never picked says why', () => {
    renderAt(
      '/',
      <MessageTraceResult
        trace={{ ...base, stage: 'not-selected', reason: 'push-count-reached', send: null, events: null }}
      />,
    );
    expect(screen.getByText('Targeted, but the message never picked this device')).toBeTruthy();
    expect(screen.getByText('The message reached its expected push count before this device.')).toBeTruthy();
  });

  it('a journey step explains the device by its branch, not by conditions or a wave', () => {
    renderAt(
      '/',
      <MessageTraceResult
        trace={{ ...base, stage: 'waiting', reason: 'journey-not-entered', send: null, events: null }}
      />,
    );
    expect(screen.getByText(/sends after its wait, to the devices that take its branch/)).toBeTruthy();
    expect(screen.queryByText('Nothing stops it: it will be sent when its wave runs.')).toBeNull();
  });

  it('a journey step the device is not a member of says its outcome led elsewhere', () => {
    renderAt(
      '/',
      <MessageTraceResult
        trace={{
          ...base,
          stage: 'not-targeted',
          targeted: false,
          reason: 'journey-other-branch',
          send: null,
          events: null,
        }}
      />,
    );
    expect(screen.getByText(/this device did not take its branch/)).toBeTruthy();
  });

  it('a message past the retention says so, not that the device was never picked', () => {
    renderAt(
      '/',
      <MessageTraceResult
        trace={{
          ...base,
          stage: 'beyond-retention',
          targeted: null,
          reason: 'beyond-retention',
          send: null,
          events: null,
        }}
      />,
    );
    expect(screen.getByText('Beyond retention: this message’s send records were deleted')).toBeTruthy();
    expect(screen.getByText(/kept for the retention period \(BEACON_RETENTION_DAYS\)/)).toBeTruthy();
    expect(screen.queryByText('Targeted, but the message never picked this device')).toBeNull();
    expect(stepTexts()).toEqual([
      'AudienceCannot tell',
      'Filters and policiesCannot tell',
      'FCMCannot tell',
      'DeviceCannot tell',
    ]);
  });
});
