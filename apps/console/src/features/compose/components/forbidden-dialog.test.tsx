import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentLanguage, setLanguage } from '../../../i18n';
import { renderAt } from '../../../test-utils';
import { ComposeScreen } from './compose-screen';
import { ForbiddenDialog, type Forbidden } from '../../../message-editor/components/forbidden-dialog';

const ROWS: Forbidden = [
  { countryCode: 'FR', countryName: 'France', allDay: true, windows: [], lossCode: 104, devices: 3 },
  {
    countryCode: 'IN',
    countryName: 'India',
    allDay: false,
    windows: [
      { start: '12:00', end: '13:00' },
      { start: '22:00', end: '08:00' },
    ],
    lossCode: 105,
    devices: 1,
  },
];

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
const envelope = (status: number, data: unknown) =>
  new Response(JSON.stringify({ status, msg: status === 200 ? 'success' : 'forbidden', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ForbiddenDialog', () => {
  it('202: lists each country with its windows (next day marked), the policy and the devices, and continues', () => {
    const onContinue = vi.fn();
    renderAt(
      '/',
      <ForbiddenDialog open forbidden={ROWS} canContinue onContinue={onContinue} onClose={() => undefined} />,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Sending is forbidden in part of the audience')).toBeTruthy();
    const france = within(dialog).getByTestId('forbidden-FR');
    expect(france.textContent).toContain('France (FR)');
    expect(france.textContent).toContain('All day');
    expect(france.textContent).toContain('App country blocked');
    expect(france.textContent).toContain('3 devices');
    const india = within(dialog).getByTestId('forbidden-IN');
    expect(india.textContent).toContain('12:00 – 13:00, 22:00 – 08:00 (next day)');
    expect(india.textContent).toContain('Country time blocked');
    expect(india.textContent).toContain('1 device');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledOnce();
  });

  it('says what the figure is: the devices of the targeted audience the bans take, grouped in the reader’s language', async () => {
    const blocked = { devices: 3053, audience: 20000, exact: true };
    const { unmount } = renderAt(
      '/',
      <ForbiddenDialog
        open
        forbidden={[{ ...ROWS[0]!, devices: 3053 }]}
        blocked={blocked}
        canContinue
        onContinue={() => undefined}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByTestId('forbidden-blocked').textContent).toBe(
      '3,053 of the 20,000 targeted devices are in these banned countries or hours and will not be sent.',
    );
    expect(screen.getByTestId('forbidden-FR').textContent).toContain('3,053 devices');
    unmount();
    setLanguage('fr');
    await waitFor(() => expect(currentLanguage()).toBe('fr'));
    try {
      // a sampled forecast: the figures are estimates
      renderAt(
        '/',
        <ForbiddenDialog
          open
          forbidden={[{ ...ROWS[0]!, devices: 3050 }]}
          blocked={{ devices: 3050, audience: 20000, exact: false }}
          canContinue
          onContinue={() => undefined}
          onClose={() => undefined}
        />,
      );
      const text = screen.getByTestId('forbidden-blocked').textContent?.replace(/\s/g, ' ');
      expect(text).toBe(
        '≈ 3 050 des ≈ 20 000 appareils ciblés sont dans ces pays ou horaires interdits et ne recevront pas le message.',
      );
      expect(screen.getByTestId('forbidden-FR').textContent?.replace(/\s/g, ' ')).toContain('≈ 3 050');
    } finally {
      setLanguage('en');
      await waitFor(() => expect(currentLanguage()).toBe('en'));
    }
  });

  it('201: says the message cannot be created and offers only Back', () => {
    const onClose = vi.fn();
    renderAt(
      '/',
      <ForbiddenDialog
        open
        forbidden={ROWS.slice(0, 1)}
        canContinue={false}
        onContinue={() => undefined}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Sending is forbidden for the whole audience')).toBeTruthy();
    expect(within(dialog).getByText(/No device of this audience may receive the message/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Continue' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('compose → msg/save 202 → continue with countryMsgforceCreate', () => {
  let saved: Array<Record<string, unknown>>;
  beforeEach(() => {
    saved = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/app/1/info')) return envelope(200, APP_INFO);
        if (url.endsWith('/app/1/icon')) return envelope(200, { icon: '/files/icon.png', color: '' });
        if (url.includes('/dict/1/all')) return envelope(200, DICTS);
        if (url.endsWith('/msg/target/max')) return envelope(200, { newCount: 10 });
        if (url.endsWith('/msg/save')) {
          const body = JSON.parse(init?.body as string) as Record<string, unknown>;
          saved.push(body);
          return body.countryMsgforceCreate
            ? envelope(200, { id: 7, msgId: 7, status: 0 })
            : envelope(202, { forbidden: ROWS });
        }
        return new Response(JSON.stringify({ status: 404, msg: 'not found' }), { status: 404 });
      }),
    );
  });

  it('shows the dialog from the server’s answer, saves nothing more until Continue, then resends with the flag', async () => {
    renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
    await screen.findByText('New notification');
    await waitFor(() => expect((document.getElementById('pushCount') as HTMLInputElement).value).toBe('10'), {
      timeout: 15_000,
    });
    const fill = (id: string, value: string) =>
      fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });
    fill('description', 'Spring sale');
    fill('title', 'Half price');
    fill('desc', 'Until midnight');
    fill('openContent', 'shop://sale');
    fireEvent.click(screen.getByRole('button', { name: /Review and send/ }));
    const confirm = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Send' }));
    const forbidden = await screen.findByText(
      'Sending is forbidden in part of the audience',
      {},
      { timeout: 15_000 },
    );
    const dialog = forbidden.closest('[role="dialog"]') as HTMLElement;
    expect(within(dialog).getByTestId('forbidden-IN').textContent).toContain('(next day)');
    expect(saved).toHaveLength(1);
    expect(saved[0]?.countryMsgforceCreate).toBeUndefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(saved).toHaveLength(2), { timeout: 15_000 });
    expect(saved[1]).toMatchObject({ title: 'Spring sale', countryMsgforceCreate: true });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/1/data/push'), {
      timeout: 3000,
    });
  }, 60_000);
});

describe('compose → 1071 (audience packages) → 21030 (a twin) → saved', () => {
  let saved: Array<Record<string, unknown>>;
  beforeEach(() => {
    saved = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/app/1/info')) return envelope(200, APP_INFO);
        if (url.endsWith('/app/1/icon')) return envelope(200, { icon: '/files/icon.png', color: '' });
        if (url.includes('/dict/1/all')) return envelope(200, DICTS);
        if (url.endsWith('/msg/target/max')) return envelope(200, { newCount: 10 });
        if (url.endsWith('/msg/save')) {
          const body = JSON.parse(init?.body as string) as Record<string, unknown>;
          saved.push(body);
          if (!body.confirmIsGroup) return envelope(1071, { packages: [{ id: 4, name: 'Emulator farm' }] });
          if (!body.forceCreate)
            return envelope(21030, {
              twin: {
                id: 41,
                title: 'Spring sale',
                targetingType: 3,
                groupId: 2,
                groupName: 'Nigeria buyers',
                conditions: [],
                at: '2031-03-04T09:00:00.000Z',
              },
            });
          return envelope(200, { id: 7, msgId: 7, status: 0 });
        }
        return new Response(JSON.stringify({ status: 404, msg: 'not found' }), { status: 404 });
      }),
    );
  });

  it('names the packages and resends with confirmIsGroup, then names the twin and resends with forceCreate', async () => {
    renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
    await screen.findByText('New notification');
    await waitFor(() => expect((document.getElementById('pushCount') as HTMLInputElement).value).toBe('10'), {
      timeout: 15_000,
    });
    const fill = (id: string, value: string) =>
      fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });
    fill('description', 'Spring sale');
    fill('title', 'Half price');
    fill('desc', 'Until midnight');
    fill('openContent', 'shop://sale');
    fireEvent.click(screen.getByRole('button', { name: /Review and send/ }));
    const confirm = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Send' }));
    const packages = await screen.findByTestId('packages-warning', {}, { timeout: 15_000 });
    expect(packages.textContent).toContain('This audience package is not made of human users');
    expect(packages.textContent).toContain('Emulator farm (4)');
    expect(saved).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Send anyway' }));
    const twin = await screen.findByTestId('twin-warning', {}, { timeout: 15_000 });
    expect(saved[1]).toMatchObject({ confirmIsGroup: true });
    expect(saved[1]?.forceCreate).toBeUndefined();
    expect(twin.textContent).toContain('Spring sale (#41)');
    expect(twin.textContent).toContain('Nigeria buyers');
    fireEvent.click(screen.getByRole('button', { name: 'Create anyway' }));
    await waitFor(() => expect(saved).toHaveLength(3), { timeout: 15_000 });
    expect(saved[2]).toMatchObject({ confirmIsGroup: true, forceCreate: true });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/1/data/push'), {
      timeout: 3000,
    });
  }, 60_000);
});
