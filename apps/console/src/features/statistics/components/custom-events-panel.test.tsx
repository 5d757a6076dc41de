import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, utcDay } from '@beacon/shared';
import { i18n, setLanguage } from '../../../i18n';
import type { Language } from '../../../i18n/language';
import { renderAt } from '../../../test-utils';
import { CustomEventsPanel } from './custom-events-panel';

const END = addDays(utcDay(), -1);
const START = addDays(END, -1);
const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (new URL(url, 'http://console.test').pathname.endsWith('/report/custom-events'))
        return ok({
          dated: [
            { date: START, name: 'purchase', events: 30, devices: 12 },
            { date: END, name: 'purchase', events: 42, devices: 17 },
          ],
          names: ['purchase'],
          start: START,
          end: END,
          fallback: false,
        });
      throw new Error(`unexpected ${url}`);
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  if (i18n.language !== 'en') await act(async () => i18n.changeLanguage('en'));
});

const show = () => renderAt('/', <CustomEventsPanel appId={1} range={{ start: START, end: END }} />);

describe('the custom events chart’s legend', () => {
  it('names both series in their colours, and shows or hides each as the Trend chart’s legend does', async () => {
    show();
    const legend = await screen.findByRole('group', { name: 'Events and devices on the chart' });
    const events = within(legend).getByRole<HTMLInputElement>('checkbox', { name: 'Events' });
    const devices = within(legend).getByRole<HTMLInputElement>('checkbox', { name: 'Devices' });
    expect([events.checked, devices.checked]).toEqual([true, true]);
    // jsdom lays nothing out, so echarts draws nothing here: the legend's state is what the chart's series follow
    fireEvent.click(devices);
    await waitFor(() => expect([events.checked, devices.checked]).toEqual([true, false]));
    fireEvent.click(devices);
    await waitFor(() => expect([events.checked, devices.checked]).toEqual([true, true]));
  });

  it.each<[Language, string, string, string]>([
    ['fr', 'Événements et appareils du graphique', 'Événements', 'Appareils'],
    ['zh', '图表中的事件数与设备数', '事件数', '设备数'],
  ])('names them in the reader’s language (%s)', async (lang, group, events, devices) => {
    await act(async () => setLanguage(lang));
    await waitFor(() => expect(i18n.language).toBe(lang));
    show();
    const legend = await screen.findByRole('group', { name: group });
    expect(
      within(legend)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual([events, devices]);
  });
});
