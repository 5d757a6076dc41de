import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test-utils';
import { ComposeScreen } from './compose-screen';

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
  multiLangEnable: true,
  localTimeEnable: true,
  displayPriorityEnable: false,
  linksEnable: true,
  limitEnable: false,
  limitCount: 0,
  uploadFileLimit: 30,
  destroy: 0,
  serverUTC: '+0800',
  hasServiceAccount: true,
  commercialEnable: false,
};
const DICTS = {
  countries: [{ code: 'NG', name: { en: 'Nigeria', zh: '尼日利亚', fr: 'Nigeria' } }],
  languages: [{ code: 'fr', name: { en: 'French', zh: '法语', fr: 'français' } }],
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

let saved: unknown[] = [];
let audience = 1234;
const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  saved = [];
  audience = 1234;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/app/1/info')) return ok(APP_INFO);
      if (url.endsWith('/app/1/icon')) return ok({ icon: '/files/icon.png', color: '#1A73E8' });
      if (url.includes('/dict/1/all')) return ok(DICTS);
      if (url.endsWith('/msg/target/max')) return ok({ newCount: audience, exact: false });
      if (url.endsWith('/msg/save')) {
        saved.push(JSON.parse(init?.body as string));
        return ok({ id: 7, msgId: 70, status: 0 });
      }
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

describe('ComposeScreen', () => {
  it('refreshes the estimate every minute while the form is open; an untouched push count follows it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
      await screen.findByText('New notification');
      await waitFor(() => expect(field('pushCount').value).toBe('1234'), { timeout: 15_000 });
      audience = 1500; // devices registered meanwhile
      await vi.advanceTimersByTimeAsync(61_000);
      await waitFor(() => expect(field('pushCount').value).toBe('1500'), { timeout: 15_000 });
      expect(screen.getByText('1,500')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('estimates the audience, shows errors at their fields, previews live and saves after confirmation', async () => {
    renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
    await screen.findByText('New notification');
    await waitFor(() => expect(field('pushCount').value).toBe('1,234'.replace(',', '')), { timeout: 15_000 });
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByText('≈')).toBeTruthy(); // a sampled estimate says so

    fireEvent.click(screen.getByRole('button', { name: /Review and send/ }));
    await waitFor(() => expect(errorOf('description')).toBe('Required'), { timeout: 15_000 });
    expect(errorOf('title')).toBe('Required');
    expect(errorOf('desc')).toBe('Required');
    expect(errorOf('openContent')).toBe('Required');
    expect(saved).toEqual([]);

    fireEvent.change(field('description'), { target: { value: 'Spring sale' } });
    fireEvent.change(field('title'), { target: { value: 'Half price today' } });
    fireEvent.change(field('desc'), { target: { value: 'Until midnight' } });
    fireEvent.change(field('openContent'), { target: { value: 'https://acme.example/sale' } });
    await waitFor(
      () => expect(errorOf('openContent')).toBe('Must be a page or deep link, not an http(s) link'),
      { timeout: 15_000 },
    );
    expect(screen.getAllByTestId('push-preview-title')[0]?.textContent).toBe('Half price today');
    fireEvent.change(field('openContent'), { target: { value: 'shop://sale' } });

    fireEvent.click(screen.getByRole('button', { name: /Review and send/ }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    // the count is written the reader's way, and says it is the push count the forecast starts from
    expect(within(dialog).getByTestId('confirm-count').textContent).toContain(
      'Push count: about 1,234 devices.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 15_000 });
    expect(saved[0]).toMatchObject({
      msgType: 1,
      title: 'Spring sale',
      targetingType: 0,
      pushCount: 1234,
      targetCount: 1234,
      scheduleType: 1,
      scheduleUTC: '+0800',
      timeToLive: 43200,
      data: {
        noti_type: 1,
        noti_title: 'Half price today',
        noti_desc: 'Until midnight',
        noti_small_icon: '/files/icon.png',
        noti_small_icon_color: '#1A73E8',
        noti_open_type: 1,
        noti_open_content: 'shop://sale',
      },
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/1/data/push'), {
      timeout: 3000,
    });
  }, 60_000);

  it('says "Submit for review", not "Send", to an operator of an app that reviews messages', async () => {
    const before = { ...APP_INFO };
    Object.assign(APP_INFO, { reviewEnable: true, projectLevel: 400 });
    try {
      renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
      await screen.findByText('New notification');
      await waitFor(() => expect(field('pushCount').value).toBe('1234'), { timeout: 15_000 });
      fireEvent.change(field('description'), { target: { value: 'Spring sale' } });
      fireEvent.change(field('title'), { target: { value: 'Half price today' } });
      fireEvent.change(field('desc'), { target: { value: 'Until midnight' } });
      fireEvent.change(field('openContent'), { target: { value: 'shop://sale' } });
      fireEvent.click(screen.getByRole('button', { name: /Review and send/ }));
      const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
      expect(within(dialog).queryByRole('button', { name: 'Send' })).toBeNull();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Submit for review' }));
      await waitFor(() => expect(saved).toHaveLength(1), { timeout: 15_000 });
    } finally {
      Object.assign(APP_INFO, before);
    }
  }, 60_000);
});
