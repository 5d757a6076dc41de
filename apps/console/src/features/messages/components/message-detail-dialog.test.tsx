import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MessageRow } from '@beacon/shared';
import { i18n, setLanguage } from '../../../i18n';
import {
  appInfo,
  messageDetail,
  messageRow,
  ok,
  restoreAfterEach,
  slow,
  stubApi,
} from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { MessageDetailDialog } from './message-detail-dialog';

const FIGURES = {
  status: 1,
  pushCount: 1200,
  targetCount: 1500,
  dispatchCount: 1000,
  lostCount: 500,
  arriveAll: 800,
  reachRate: 80,
  show: 400,
  showRate: 50,
  click: 100,
  clickRate: 25,
};
const ROW = messageRow({
  id: 3,
  msgId: 30,
  msgType: 1,
  title: 'Flash sale',
  scheduleType: 1,
  scheduleDate: null,
  ...FIGURES,
});
const FUNNEL = {
  push: 1200,
  channelReach: 1000,
  targetReceive: 900,
  targetReach: 800,
  show: 400,
  click: 100,
  waiting: 0,
  waitingNext: null,
};
// of the 800 reached, 12 were won back by missed-push recovery: the funnel, the loss popover and the table's total
// are the one counter
const RECOVERED = 12;

// the forecast made at save: its "Sends" row sets the counted sends beside it (the funnel's channel reach, or the
// record's dispatched: the same counter)
const FORECAST = {
  exact: true,
  send: 1100,
  losses: [{ type: 104, count: 100 }],
  at: '2030-01-01T00:00:00.000Z',
};

let level = 200;
let calls: string[] = [];
let recovered = RECOVERED;

beforeEach(() => {
  calls = [];
  recovered = RECOVERED;
  stubApi((url) => {
    calls.push(new URL(url, 'http://console.test').pathname);
    if (url.endsWith('/app/1/info')) return ok(appInfo({ projectLevel: level, serverUTC: '+0000' }));
    if (url.endsWith('/msg/detail'))
      return ok(
        messageDetail({
          ...ROW,
          data: { noti_title: 'Flash sale' },
          scheduleUTC: '+0000',
          forecast: FORECAST,
        }),
      );
    if (url.endsWith('/msg/30/lose'))
      return ok({
        total: 1200,
        messageDistributionLoseList: [{ type: 104, count: 200, loseRate: 16.67 }],
        recovered,
      });
    if (url.endsWith('/msg/30/funnel')) return ok({ ...FUNNEL, recovered });
    if (url.endsWith('/msg/30/recovered'))
      return ok({
        total: recovered,
        rows: recovered ? [{ brand: 'Xiaomi', model: 'Redmi 9', recovered }] : [],
      });
    return undefined;
  });
});
restoreAfterEach();

const open = () =>
  renderAt('/app/1/data/push', <MessageDetailDialog appId={1} row={ROW as MessageRow} onClose={() => {}} />);

describe('MessageDetailDialog, the funnel by project level (part 2 §2)', () => {
  it('asks project level 100 for the funnel and shows its six steps', async () => {
    level = 100;
    open();
    const push = await screen.findByTestId('funnel-push', undefined, slow);
    expect(push.textContent).toContain('1,200');
    expect(screen.getByTestId('funnel-channelReach').textContent).toContain('1,000');
    expect(calls).toContain('/tcm/v1/app/1/msg/30/funnel');
    expect(screen.queryByTestId('detail-figures')).toBeNull();
    await waitFor(
      () => expect(screen.getByTestId('forecast-row-send').textContent).toBe('Sends1,1001,000'),
      slow,
    );
  });

  it.each([200, 300, 400, 500])(
    'shows level %i the message’s own figures with the loss popovers, without asking for the funnel',
    async (projectLevel) => {
      level = projectLevel;
      open();
      const figures = await screen.findByTestId('detail-figures', undefined, slow);
      const items = [...figures.querySelectorAll('.ant-descriptions-item')].map((i) => [
        i.querySelector('.ant-descriptions-item-label')?.textContent,
        i.querySelector('.ant-descriptions-item-content')?.textContent,
      ]);
      expect(items).toEqual([
        ['Targeted', '1,500'],
        ['Push', '1,200'],
        ['Dispatched', '1,000 (83.33%)'],
        ['Lost', '500'],
        ['Reached', '800 (80%)of which recovered: 12'],
        ['Shown', '400 (50%)'],
        ['Clicked', '100 (25%)'],
      ]);
      const section = screen.getByTestId('detail-figures-section');
      expect(within(section).getByTestId('loss-trigger-dispatch')).toBeTruthy();
      expect(within(section).getByTestId('loss-trigger-show')).toBeTruthy();
      // the forecast's counted sends are the record's dispatched (every section that could ask for the funnel is up)
      await waitFor(
        () => expect(screen.getByTestId('forecast-row-send').textContent).toBe('Sends1,1001,000'),
        slow,
      );
      expect(screen.queryByTestId('funnel')).toBeNull();
      expect(calls.filter((c) => c.endsWith('/funnel'))).toEqual([]);
    },
    30_000,
  );
});

describe('MessageDetailDialog, recovered deliveries (issue 32 §1)', () => {
  const openDispatchLosses = async () => {
    fireEvent.click(screen.getByTestId('loss-trigger-dispatch'));
    return screen.findByTestId('loss-recovered', undefined, slow);
  };

  it('shows level 100 the recovered part under target reach, in the loss popover and the table: one figure', async () => {
    level = 100;
    open();
    const row = await screen.findByTestId('funnel-recovered', undefined, slow);
    expect(row.textContent).toBe('of which recovered12 1.5% of target reach');
    expect(row.getAttribute('title')).toBe('Counted in target reach once, not added to it');
    // a part of reach, not a step: the funnel's steps are still the six
    expect(screen.getByTestId('funnel-targetReach').textContent).toContain('800');
    expect(screen.getByTestId('funnel').querySelectorAll('dl > div')).toHaveLength(7);
    expect((await openDispatchLosses()).textContent).toBe(
      'Recovered, not a loss: 12 dispatched devices missed the push and received it when the app opened ' +
        '(missed-push recovery); they count in reach once.',
    );
    await waitFor(
      () =>
        expect(screen.getByTestId('recovered-total').textContent).toBe(
          '12 deliveries recovered, counted in target reach',
        ),
      slow,
    );
    const recoveredCell = screen.getByTestId('recovered').querySelector('td[data-col="recovered"]');
    expect(recoveredCell?.textContent).toBe('12');
  });

  it('shows other levels the recovered part under reached, from the table’s call', async () => {
    level = 200;
    open();
    const line = await screen.findByTestId('detail-figures-recovered', undefined, slow);
    expect(line.textContent).toBe('of which recovered: 12');
    expect((await openDispatchLosses()).textContent).toContain('12 dispatched devices');
    expect(calls.filter((c) => c.endsWith('/funnel'))).toEqual([]);
  });

  it('adds nothing to the funnel, the figures or the popover when nothing was recovered', async () => {
    recovered = 0;
    level = 100;
    open();
    await screen.findByTestId('funnel-targetReach', undefined, slow);
    await screen.findByText('No delivery of this message was recovered.', undefined, slow);
    expect(screen.queryByTestId('funnel-recovered')).toBeNull();
    fireEvent.click(screen.getByTestId('loss-trigger-dispatch'));
    await screen.findByTestId('loss-104', undefined, slow);
    expect(screen.queryByTestId('loss-recovered')).toBeNull();
  });
});

describe('MessageDetailDialog, the dispatch losses’ targeted total', () => {
  afterEach(async () => {
    if (i18n.language !== 'en') await act(async () => i18n.changeLanguage('en'));
  });
  const total = async () => {
    fireEvent.click(await screen.findByTestId('loss-trigger-dispatch', undefined, slow));
    return (await screen.findByTestId('loss-total', undefined, slow)).textContent?.replace(/\s/g, ' ');
  };

  it('groups the targeted devices the reader’s way', async () => {
    level = 200;
    open();
    expect(await total()).toBe('Targeted: 1,200');
  });

  it('groups them the French way in French (it read "Ciblés : 1200")', async () => {
    await act(async () => setLanguage('fr'));
    await waitFor(() => expect(i18n.language).toBe('fr'));
    level = 200;
    open();
    expect(await total()).toBe('Ciblés : 1 200');
  });
});
