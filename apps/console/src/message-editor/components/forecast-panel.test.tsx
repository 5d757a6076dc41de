import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageForecast, MessageSaveInput } from '@beacon/shared';
import { i18n, setLanguage } from '../../i18n';
import { renderAt } from '../../test-utils';
import { ForecastPanel, forecastRequest } from './forecast-panel';

const SAMPLED: MessageForecast = {
  exact: false,
  error: 0.043,
  send: 17_000,
  sendError: 1090,
  losses: [
    { type: 104, count: 4560, error: 570 },
    { type: 107, count: 3920, error: 530 },
    { type: 999, count: 80, error: 30 },
  ],
  at: '2026-01-01T00:00:00.000Z',
};
const PAYLOAD: MessageSaveInput = {
  msgType: 1,
  data: {},
  title: 'Sale',
  pushCount: 12_000,
  targetingType: 1,
  conditions: [{ label: 'country', op: 'in', values: ['FR'], allSelected: 0 }],
  msgRestrictType: 2,
  scheduleType: 2,
  scheduleDate: '2026-01-02 10:00:00',
  scheduleUTC: '+0100',
  timeToLive: 7200,
};

/** Answers msg/target/max once `release` is called, and keeps the bodies it was sent. */
function stubTargetMax(data: unknown) {
  const bodies: Array<Record<string, unknown>> = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!url.endsWith('/app/1/msg/target/max')) return new Response('{}', { status: 404 });
      bodies.push(JSON.parse(init?.body as string) as Record<string, unknown>);
      await gate;
      return new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { bodies, release: () => release() };
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  if (i18n.language !== 'en') await act(async () => i18n.changeLanguage('en'));
});

describe('the confirmation’s forecast before send', () => {
  it('asks for the forecast of the message as it will be saved, shows it loading, then one row per reason', async () => {
    const server = stubTargetMax({ newCount: 25_600, exact: false, forecast: SAMPLED });
    renderAt('/', <ForecastPanel appId={1} payload={PAYLOAD} />);
    const panel = screen.getByTestId('confirm-forecast');
    expect(within(panel).getByTestId('forecast-loading')).toBeTruthy();
    await waitFor(() => expect(server.bodies).toHaveLength(1));
    expect(server.bodies[0]).toMatchObject({
      forecast: true,
      targetingType: 1,
      msgRestrictType: 2,
      scheduleType: 2,
      scheduleDate: '2026-01-02 10:00:00',
      scheduleUTC: '+0100',
      timeToLive: 7200,
    });
    server.release();
    await within(panel).findByTestId('forecast-audience');
    expect(within(panel).getByTestId('forecast-audience').textContent).toBe('Audience: ≈ 25,600 devices');
    const row = (key: string) => within(panel).getByTestId(`forecast-row-${key}`).textContent;
    // the push count (12,000 of 17,000 sends) caps the sends and the losses the engine meets on the way
    expect(row('104')).toBe('App country blocked≈ 3,220 ± 402');
    expect(row('107')).toBe('Notifications off≈ 2,770 ± 374');
    expect(row('999')).toBe('Code 999≈ 56 ± 21');
    expect(row('send')).toBe('Sends≈ 12,000 ± 769');
    expect(panel.textContent).toContain('± 4.3%');
  });

  it('groups the numbers the reader’s way and names the reasons in the reader’s language', async () => {
    await act(async () => setLanguage('fr'));
    await waitFor(() => expect(i18n.language).toBe('fr'));
    const server = stubTargetMax({
      newCount: 1234,
      exact: true,
      forecast: { exact: true, send: 1200, losses: [{ type: 1, count: 34 }], at: SAMPLED.at },
    });
    server.release();
    renderAt('/', <ForecastPanel appId={1} payload={{ ...PAYLOAD, pushCount: 5000 }} />);
    const panel = screen.getByTestId('confirm-forecast');
    const audience = await within(panel).findByTestId('forecast-audience');
    expect(audience.textContent?.replace(/\s/g, ' ')).toBe('Audience : 1 234 appareils');
    expect(within(panel).getByTestId('forecast-row-1').textContent).toBe('Utilisateur désinstallé34');
    expect(within(panel).getByTestId('forecast-row-send').textContent?.replace(/\s/g, ' ')).toBe(
      'Envois1 200',
    );
  });

  it('says so when the forecast cannot be made', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: 21028, msg: 'busy' }), { status: 200 })),
    );
    renderAt('/', <ForecastPanel appId={1} payload={PAYLOAD} />);
    expect(await screen.findByText(/The forecast could not be made/)).toBeTruthy();
  });
});

describe('the devices held out', () => {
  it('shows the control group’s (113) and the message’s share (114) under their names, in each language', async () => {
    const forecast: MessageForecast = {
      exact: true,
      send: 70,
      losses: [
        { type: 114, count: 20 },
        { type: 113, count: 10 },
      ],
      at: SAMPLED.at,
    };
    const server = stubTargetMax({ newCount: 100, exact: true, forecast });
    server.release();
    const names: Record<string, [string, string]> = {
      en: ['Global control group (held out)10', 'Message control share (held out)20'],
      zh: ['全局对照组（不发送）10', '消息对照组（不发送）20'],
      fr: ['Groupe témoin global (non envoyé)10', 'Part témoin du message (non envoyée)20'],
    };
    for (const [lang, [group, share]] of Object.entries(names)) {
      await act(async () => setLanguage(lang as 'en' | 'zh' | 'fr'));
      await waitFor(() => expect(i18n.language).toBe(lang));
      const { unmount } = renderAt(
        '/',
        <ForecastPanel appId={1} payload={{ ...PAYLOAD, pushCount: 100, holdoutShare: 20 }} />,
      );
      const panel = screen.getByTestId('confirm-forecast');
      await within(panel).findByTestId('forecast-audience');
      expect(within(panel).getByTestId('forecast-row-113').textContent).toBe(group);
      expect(within(panel).getByTestId('forecast-row-114').textContent).toBe(share);
      unmount();
    }
    // back to the language the next file of this worker starts in (test-shared-setup.ts does it too, after the file)
    await act(async () => setLanguage('en'));
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(server.bodies[0]).toMatchObject({ forecast: true, holdoutShare: 20 });
  });
});

describe('the forecast’s question', () => {
  it('names the material a message is composed from (its countries take devices: loss 109), and only then', () => {
    expect(forecastRequest({ ...PAYLOAD, materialId: 12 })).toMatchObject({ materialId: 12 });
    expect(forecastRequest(PAYLOAD)).not.toHaveProperty('materialId');
  });

  it('names the message’s own control share: the devices it holds out are a loss of the forecast (114)', () => {
    expect(forecastRequest({ ...PAYLOAD, holdoutShare: 20 })).toMatchObject({ holdoutShare: 20 });
    expect(forecastRequest(PAYLOAD)).not.toHaveProperty('holdoutShare');
  });
});
