import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test-utils';
import { ComposeScreen } from './compose-screen';

/**
 * The checks compose makes before the confirmation (part 2 §5, §7): limit/check (checkIsDailyLimitReach, 21029 →
 * the daily-limit note in place of the create button), msg/check (the server's 400s at their fields), the kind's
 * daily limits under the kind selector (msg/restrict/check) and the typed device ids (msg/gaid/check).
 */
const APP_INFO = {
  appId: 1,
  title: 'Acme Shop',
  pkg: 'com.acme.shop',
  logo: '',
  ownerEmail: 'o@example.com',
  projectLevel: 200,
  reviewEnable: false,
  materialReviewEnable: false,
  advanceTarget: false,
  multiLangEnable: false,
  localTimeEnable: true,
  displayPriorityEnable: false,
  linksEnable: true,
  limitEnable: true,
  limitCount: 5,
  uploadFileLimit: 30,
  destroy: 0,
  serverUTC: '+0000',
  hasServiceAccount: true,
  commercialEnable: false,
};
const DICTS = {
  countries: [],
  languages: [],
  subLanguages: [],
  androidVersions: [],
  utcOffsets: ['+0000'],
  dailyMessageKinds: [],
  statisticsModes: [],
  brands: [],
  operators: [],
  appVersions: [],
  interestTags: [],
  audiencePackages: [],
  advancedTargeting: false,
};
const GAID = '38400000-8cf0-11bd-b23e-10b96e40000d';
const SLOW = { timeout: 15_000 };

const envelope = (status: number, data?: unknown, msg = status === 200 ? 'success' : 'refused') =>
  new Response(JSON.stringify({ status, msg, data }), {
    status: status === 400 ? 400 : 200,
    headers: { 'content-type': 'application/json' },
  });

let calls: Array<{ path: string; body: unknown }> = [];
let answers: Record<string, () => Response> = {};

beforeEach(() => {
  calls = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      calls.push({ path, body: init?.body ? JSON.parse(init.body as string) : undefined });
      const answer = Object.entries(answers).find(([suffix]) => path.endsWith(suffix));
      if (answer) return answer[1]();
      if (path.endsWith('/app/1/info')) return envelope(200, APP_INFO);
      if (path.endsWith('/app/1/icon')) return envelope(200, { icon: '/files/icon.png', color: '#1A73E8' });
      if (path.includes('/dict/1/all')) return envelope(200, DICTS);
      if (path.endsWith('/msg/target/max')) return envelope(200, { newCount: 10, exact: true });
      if (path.endsWith('/limit/check'))
        return envelope(200, {
          msgRestrictType: 1,
          limitEnable: true,
          limitCount: 5,
          used: 1,
          reached: false,
        });
      if (path.endsWith('/msg/check')) return envelope(200, { status: 0 });
      if (path.endsWith('/msg/restrict/check'))
        return envelope(200, {
          app: { msgRestrictType: 1, limitEnable: true, limitCount: 5, used: 2, reached: false },
          perDevice: { total: { enable: true, number: 6 }, kind: { enable: true, number: 3 } },
        });
      return new Response(JSON.stringify({ status: 404, msg: 'not found' }), { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const errorOf = (id: string) =>
  field(id).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';
const called = (suffix: string) => calls.filter((c) => c.path.endsWith(suffix));

async function fillAndSubmit() {
  renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
  await screen.findByText('New notification');
  await waitFor(() => expect(field('pushCount').value).toBe('10'), SLOW);
  fireEvent.change(field('description'), { target: { value: 'Spring sale' } });
  fireEvent.change(field('title'), { target: { value: 'Half price today' } });
  fireEvent.change(field('desc'), { target: { value: 'Until midnight' } });
  fireEvent.change(field('openContent'), { target: { value: 'shop://sale' } });
  fireEvent.click(screen.getByRole('button', { name: /Review and send/ }));
}

describe('compose checks before the confirmation', () => {
  it('asks limit/check before the confirmation; 21029 puts the daily-limit note in place of the button', async () => {
    answers['/limit/check'] = () => envelope(21029, { reached: true });
    await fillAndSubmit();
    expect(await screen.findByTestId('daily-limit', undefined, SLOW)).toBeTruthy();
    expect(called('/limit/check')[0]?.body).toEqual({ msgRestrictType: 1 });
    expect(screen.queryByRole('button', { name: /Review and send/ })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(called('/msg/check')).toEqual([]);
    expect(called('/msg/save')).toEqual([]);
  }, 60_000);

  it("puts msg/check's refusal at its field and opens no confirmation", async () => {
    answers['/msg/check'] = () =>
      envelope(400, {
        fields: [{ field: 'pushCount', message: 'must not exceed the audience (8 devices)' }],
      });
    await fillAndSubmit();
    await waitFor(() => expect(errorOf('pushCount')).toBe('must not exceed the audience (8 devices)'), SLOW);
    expect(called('/msg/check')[0]?.body).toMatchObject({ title: 'Spring sale', pushCount: 10 });
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 60_000);

  it('opens the confirmation once both checks pass', async () => {
    await fillAndSubmit();
    expect(await screen.findByRole('dialog', {}, SLOW)).toBeTruthy();
    expect(called('/limit/check')).toHaveLength(1);
    expect(called('/msg/check')).toHaveLength(1);
    expect(called('/msg/save')).toEqual([]);
  }, 60_000);

  it("shows the kind's daily limits under the kind selector", async () => {
    renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
    const note = await screen.findByTestId('restrict-note', undefined, SLOW);
    expect(note.textContent).toBe(
      'Today 2 of the 5 Ad messages this app may create a day. A device gets at most 3 Ad messages a day; at most 6 messages of all kinds.',
    );
    expect(called('/msg/restrict/check')[0]?.body).toEqual({ msgRestrictType: 1 });
  }, 60_000);

  it('checks typed device ids when they lose the focus and warns of those the app does not know', async () => {
    answers['/msg/gaid/check'] = () => envelope(40001, { gaids: [GAID] }, `GAID invalid: ${GAID}`);
    renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
    await screen.findByText('New notification');
    fireEvent.click(screen.getByRole('radio', { name: /Specific devices/ }));
    const ids = await waitFor(() => {
      const el = document.getElementById('userIdsText');
      expect(el).toBeTruthy();
      return el as HTMLTextAreaElement;
    }, SLOW);
    fireEvent.change(ids, { target: { value: `${GAID}\n` } });
    fireEvent.blur(ids);
    expect((await screen.findByTestId('gaid-check', undefined, SLOW)).textContent).toContain(
      `GAID invalid: ${GAID}`,
    );
    expect(called('/msg/gaid/check')[0]?.body).toEqual({ userIds: [GAID] });
  }, 60_000);
});
