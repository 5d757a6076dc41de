import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test-utils';
import { TroubleshootingPanel } from './troubleshooting-panel';

const GAID = '38400000-8cf0-11bd-b23e-10b96e40000d';
const APP_INFO = {
  appId: 1,
  title: 'Acme Shop',
  pkg: 'com.acme.shop',
  logo: '',
  ownerEmail: 'o@example.com',
  projectLevel: 400,
  reviewEnable: false,
  materialReviewEnable: false,
  advanceTarget: false,
  multiLangEnable: true,
  localTimeEnable: true,
  displayPriorityEnable: false,
  linksEnable: true,
  limitEnable: false,
  limitCount: 0,
  uploadFileLimit: 30,
  destroy: 0,
  serverUTC: '+0000',
  hasServiceAccount: true,
  commercialEnable: false,
};
const INSTANCE = {
  status: 1,
  instanceActivationTime: '2025-01-01T10:00:00.000Z',
  appActivationTime: '2025-03-01T10:00:00.000Z',
  lastActiveTime: null,
  model: 'SPARK 10',
  brand: 'TECNO',
  country: 'NG',
  countryName: 'Nigeria',
  language: 'en',
  appVer: '3.2.1',
  appVersionCode: 321,
  androidVersion: 33,
  timezone: 'Africa/Lagos',
  noticeEnable: true,
  invalidReason: null,
  invalidReasons: [],
  solution: null,
  user: null,
};
const TRACE = {
  message: { id: 42, title: 'Flash sale', status: 1, targetingType: 0, scheduleType: 1 },
  device: { found: true, country: 'NG', utcOffsetMin: 60 },
  stage: 'dispatched',
  targeted: true,
  unmatched: [],
  reason: null,
  loss: null,
  delayedUntil: null,
  wave: null,
  send: {
    outcome: 1,
    lossCode: 0,
    fcmName: 'projects/p/messages/1',
    attempts: 1,
    sentAt: '2025-06-15T12:00:01.000Z',
  },
  events: {
    received: null,
    shown: null,
    clicked: null,
    dismissed: false,
    recalled: false,
    converted: false,
    showFailed: false,
    showFailedReason: null,
  },
};
const envelope = (status: number, data: unknown, http = 200) =>
  new Response(
    JSON.stringify({
      status,
      msg: status === 200 ? 'success' : 'Parameter illegal: msgId is not a message of this app',
      data,
    }),
    { status: http, headers: { 'content-type': 'application/json' } },
  );

let traced: unknown[] = [];
beforeEach(() => {
  traced = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/app/1/info')) return envelope(200, APP_INFO);
      if (url.endsWith('/instance/info/query')) return envelope(200, INSTANCE);
      if (url.endsWith('/instance/message/query')) {
        const body = JSON.parse(init?.body as string) as { msgId: number };
        traced.push(body);
        return body.msgId === 42
          ? envelope(200, TRACE)
          : envelope(400, { fields: [{ field: 'msgId', message: 'is not a message of this app' }] }, 400);
      }
      return new Response(JSON.stringify({ status: 404, msg: 'not found' }), { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TroubleshootingPanel: one message for one device', () => {
  it('traces the message id of the URL, refuses malformed ids, and says when the message does not exist', async () => {
    renderAt(`/app/1/troubleshooting/equipment?id=${GAID}&msgId=42`, <TroubleshootingPanel appId={1} />);
    await screen.findByText('Sent: FCM accepted the message for this device', {}, { timeout: 15_000 });
    expect(traced).toEqual([{ instanceId: GAID, msgId: 42 }]);
    const input = document.getElementById('msgId') as HTMLInputElement;
    const button = screen.getByRole('button', { name: /Trace/ });
    fireEvent.change(input, { target: { value: '12a' } });
    expect(screen.getByText('A message id has digits only')).toBeTruthy();
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.change(input, { target: { value: '7' } });
    fireEvent.click(button);
    await screen.findByText('No message with id 7 in this app.', {}, { timeout: 15_000 });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        `/app/1/troubleshooting/equipment?id=${GAID}&msgId=7`,
      ),
    );
    // no error alert for the unknown id: the card says it
    expect(document.querySelector('.ant-message-error, .ant-modal-confirm-error')).toBeNull();
  }, 60_000);
});
