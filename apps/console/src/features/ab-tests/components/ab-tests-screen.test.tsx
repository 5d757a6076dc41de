import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { abWinner, appInfo, ok, restoreAfterEach, slow, stubApi } from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { formatDateTime } from '../../../lib/date-format';
import { AbTestsScreen } from './ab-tests-screen';

const arm = (tag: string, msgId: number, counts: Record<string, number>, rest = false) => ({
  msgId,
  groupTag: tag,
  groupPercent: rest ? 80 : 10,
  msgType: 1,
  status: 1,
  scheduleType: 1,
  scheduleDate: null,
  data: { noti_title: tag },
  multiLangEnable: false,
  multiLangContent: [],
  contentCreateType: 0,
  pushCount: 1000,
  targetCount: 1000,
  dispatchCount: 1000,
  arriveAll: 900,
  show: 600,
  click: 30,
  rest,
  round: 0,
  ...counts,
});
const ROW = {
  id: 5,
  msgId: 5,
  title: 'Sale copy',
  ownerEmail: 'o@example.com',
  status: 1,
  createTime: '2030-01-01T00:00:00Z',
  targetingType: 0,
  audiencePackage: false,
  abAllSent: false,
  appGroupId: null as number | null,
  appGroupParentMsgId: null,
  groupScope: undefined as boolean | undefined,
  childMsgs: [arm('A', 51, { click: 50 }), arm('B', 52, { click: 80 })],
  winner: abWinner(),
};
const interval = (rate: number, low: number, high: number) => ({ rate, low, high });
const rates = (click: number) => ({
  reach: interval(0.9, 0.88, 0.92),
  show: interval(0.6667, 0.635, 0.697),
  click: interval(click / 600, click / 600 - 0.01, click / 600 + 0.01),
  clickPerDispatch: interval(click / 1000, click / 1000 - 0.01, click / 1000 + 0.01),
});
const SIGNIFICANT = {
  arms: [
    { tag: 'A', rates: rates(50), z: 2.72, pValue: 0.0061, adjustedP: 0.0061, probabilityBest: 0 },
    { tag: 'B', rates: rates(80), z: null, pValue: null, adjustedP: null, probabilityBest: 0 },
  ],
  best: 'B',
  significant: true,
  leader: 'B',
  alpha: 0.05,
};
/** Four variants: D best; against A, B and C the Holm-adjusted p-values 0.003, 0.012 and 0.02. */
const FOUR = {
  arms: [
    { tag: 'A', rates: rates(50), z: 3.1, pValue: 0.001, adjustedP: 0.003, probabilityBest: 0 },
    { tag: 'B', rates: rates(60), z: 2.6, pValue: 0.006, adjustedP: 0.012, probabilityBest: 0 },
    { tag: 'C', rates: rates(70), z: 2.33, pValue: 0.02, adjustedP: 0.02, probabilityBest: 0 },
    { tag: 'D', rates: rates(90), z: null, pValue: null, adjustedP: null, probabilityBest: 0.9 },
  ],
  best: 'D',
  significant: true,
  leader: 'D',
  alpha: 0.05,
};
const detailOf = (row: typeof ROW, significance: unknown) => ({
  ...row,
  conditions: [],
  groupId: null,
  userIds: [],
  fileOrigin: '',
  fileLink: '',
  timeToLive: 43200,
  speedLimit: 0,
  msgRestrictType: 1,
  msgDisplayPrior: null,
  significance,
});

let calls: Array<{ url: string; body: unknown }> = [];
let row = ROW;
let significance: unknown = SIGNIFICANT;

beforeEach(() => {
  calls = [];
  row = ROW;
  significance = SIGNIFICANT;
  stubApi((url, init) => {
    calls.push({ url, body: init?.body ? JSON.parse(init.body as string) : undefined });
    if (url.endsWith('/app/1/info')) return ok(appInfo({ serverUTC: '+0000' }));
    if (url.endsWith('/msg/abtest/list')) return ok({ msgs: [row], total: 1 });
    if (url.endsWith('/msg/abtest/5/detail')) return ok(detailOf(row, significance));
    if (url.endsWith('/msg/abtest/5/fulfill/52')) {
      row = {
        ...row,
        abAllSent: true,
        childMsgs: [...row.childMsgs, arm('B*', 53, { pushCount: 8000, click: 400 }, true)],
      };
      return ok({ msgId: 53 });
    }
    if (url.endsWith('/msg/abtest/5/delete')) return ok({});
    if (url.endsWith('/msg/5/delete?group=1')) return ok({});
    return undefined;
  });
});
restoreAfterEach();
const posted = (suffix: string) => calls.filter((c) => c.url.endsWith(suffix));

describe('AbTestsScreen, data/abtest', () => {
  it('lists the tests 20 a page with the filters in the URL, expands a test to its arms and links the tabs', async () => {
    renderAt('/app/1/data/abtest?desc=Sale&page=2', <AbTestsScreen appId={1} />);
    await screen.findByTestId('ab-title-5', undefined, slow);
    expect(posted('/msg/abtest/list')[0]?.body).toEqual({
      desc: 'Sale',
      tz: '+0000',
      pageNo: 2,
      pageSize: 20,
    });
    expect(screen.getByRole('tab', { name: 'A/B tests', selected: true })).toBeTruthy();
    const table = screen.getByTestId('ab-table');
    // the test's figures: the sums over its arms
    expect(within(table).getByText('2,000 / 2,000')).toBeTruthy();
    expect(within(table).getByText('130')).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: /expand row/i }));
    const a = await screen.findByTestId('arm-row-51', undefined, slow);
    const rowA = a.closest('tr') as HTMLElement;
    expect(within(rowA).getByText('Test A')).toBeTruthy();
    expect(within(rowA).getByText('10%')).toBeTruthy();
    expect(within(rowA).getByText('900 (90%)')).toBeTruthy();
    expect(within(rowA).getByText('50 (8.33%)')).toBeTruthy();
    const rowB = screen.getByTestId('arm-row-52').closest('tr') as HTMLElement;
    expect(within(rowB).getByText('80 (13.33%)')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'Spring' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/app/1/data/abtest?desc=Spring'),
    );
    await waitFor(() =>
      expect(posted('/msg/abtest/list').at(-1)?.body).toMatchObject({ desc: 'Spring', pageNo: 1 }),
    );

    fireEvent.click(screen.getByRole('tab', { name: 'Notifications' }));
    expect(screen.getByTestId('location').textContent).toBe('/app/1/data/push');
  }, 120_000);

  it('shows the arms’ rates with their intervals and who leads, and sends an arm to all after a confirmation', async () => {
    renderAt('/app/1/data/abtest', <AbTestsScreen appId={1} />);
    fireEvent.click(await screen.findByTestId('ab-title-5', undefined, slow));
    const dialog = await screen.findByTestId('ab-detail-body', undefined, slow);
    await waitFor(
      () =>
        expect(within(dialog).getByTestId('ab-verdict').textContent).toBe(
          'Test B is significantly best (adjusted p = 0.006)',
        ),
      slow,
    );
    expect(within(dialog).getByTestId('rate-B-clickPerDispatch').textContent).toBe('8%95%: 7% – 9%');
    expect(within(dialog).getByTestId('rate-A-reach').textContent).toBe('90%95%: 88% – 92%');
    expect(within(dialog).getByTestId('z-A').textContent).toBe('2.72');
    expect(within(dialog).getByTestId('p-A').textContent).toBe('p = 0.006');
    expect(within(dialog).getByTestId('adjp-B').textContent).toBe('–');
    expect(within(dialog).getByTestId('best-B')).toBeTruthy();
    expect(within(dialog).getByTestId('ab-test-line').textContent).toContain('1 comparison,');
    expect(within(dialog).getByTestId('ab-winner-mode').textContent).toBe(
      'Manual: the operator sends a variant to everyone else',
    );

    fireEvent.click(within(dialog).getByTestId('send-all-B'));
    const ok = await screen.findByTestId('send-all-ok', undefined, slow);
    expect(screen.getAllByText('Send Test B to all?').length).toBeGreaterThan(0);
    expect(posted('/fulfill/52')).toEqual([]);
    fireEvent.click(ok);
    await waitFor(() => expect(posted('/msg/abtest/5/fulfill/52')).toHaveLength(1), slow);
    expect(posted('/fulfill/51')).toEqual([]);
    await waitFor(
      () => expect(within(dialog).getByTestId('send-all-done-B').textContent).toBe('Sent to all'),
      slow,
    );
    expect(within(dialog).getByTestId('send-all-done-A').textContent).toBe('Done');
    expect(within(dialog).queryByTestId('send-all-A')).toBeNull();
    expect(within(dialog).getByTestId('ab-rest-B').textContent).toContain('Test B → everyone else');
  }, 120_000);

  it('says there is no significant difference yet, and deletes a test through abtest delete after a confirmation', async () => {
    significance = {
      ...SIGNIFICANT,
      arms: [
        { ...SIGNIFICANT.arms[0], z: 1.25, pValue: 0.21, adjustedP: 0.21, probabilityBest: 0 },
        SIGNIFICANT.arms[1],
      ],
      significant: false,
      leader: null,
    };
    row = { ...ROW, status: 3, childMsgs: ROW.childMsgs.map((c) => ({ ...c, status: 3 })) };
    renderAt('/app/1/data/abtest', <AbTestsScreen appId={1} />);
    fireEvent.click(await screen.findByTestId('ab-title-5', undefined, slow));
    const dialog = await screen.findByTestId('ab-detail-body', undefined, slow);
    await waitFor(
      () =>
        expect(within(dialog).getByTestId('ab-verdict').textContent).toBe(
          'No variant is significantly best yet (best observed: Test B)',
        ),
      slow,
    );
    // stopped arms were never both sent: send to all waits
    expect(within(dialog).getByTestId('send-all-A').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByText('Close'));

    fireEvent.click(screen.getByTestId('ab-menu-5'));
    const menu = await screen.findByRole('menu', {}, slow);
    expect(within(menu).queryByText('Upload as material')).toBeNull();
    expect(within(menu).queryByText('Recall')).toBeNull();
    fireEvent.click(within(menu).getByText('Delete'));
    await screen.findByText(
      'Delete “Sale copy” and its arms? They disappear from this list.',
      undefined,
      slow,
    );
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(posted('/msg/abtest/5/delete')).toHaveLength(1), slow);
  }, 120_000);

  it('a test of four variants: every arm in the list and the detail, the Holm-adjusted table and the automatic winner', async () => {
    const four = [
      arm('A', 51, { click: 50 }),
      arm('B', 52, { click: 60 }),
      arm('C', 53, { click: 70 }),
      arm('D', 54, { click: 90 }),
    ];
    row = {
      ...ROW,
      childMsgs: four,
      winner: abWinner({ auto: true, afterHours: 48, decidesAt: '2030-01-03T00:00:00Z' }),
    };
    significance = FOUR;
    renderAt('/app/1/data/abtest', <AbTestsScreen appId={1} />);
    const arms = await screen.findByTestId('ab-arms-5', undefined, slow);
    expect(
      within(arms)
        .getAllByText(/^Test [A-D]$/)
        .map((e) => e.textContent),
    ).toEqual(['Test A', 'Test B', 'Test C', 'Test D']);
    expect(within(arms).getByText('Test C').className).toContain('ant-tag-cyan');
    expect(within(arms).getByText('Test D').className).toContain('ant-tag-orange');
    expect(screen.queryByTestId('ab-winner-5')).toBeNull();

    fireEvent.click(screen.getByTestId('ab-title-5'));
    const dialog = await screen.findByTestId('ab-detail-body', undefined, slow);
    await waitFor(
      () =>
        expect(within(dialog).getByTestId('ab-verdict').textContent).toBe(
          'Test D is significantly best (adjusted p = 0.020)',
        ),
      slow,
    );
    for (const tag of ['A', 'B', 'C', 'D']) {
      expect(within(dialog).getByTestId(`ab-arm-${tag}`)).toBeTruthy();
      expect(within(dialog).getByTestId(`sig-arm-${tag}`)).toBeTruthy();
    }
    expect(within(dialog).getByTestId('adjp-B').textContent).toBe('p = 0.012');
    expect(within(dialog).getByTestId('p-A').textContent).toBe('p = 0.001');
    expect(within(dialog).getByTestId('best-D')).toBeTruthy();
    expect(within(dialog).queryByTestId('best-A')).toBeNull();
    // each variant's chance of being best (Thompson sampling)
    expect(within(dialog).getByTestId('chance-D').textContent).toBe('90%');
    expect(within(dialog).getByTestId('chance-A').textContent).toBe('0%');
    expect(within(dialog).getByTestId('ab-test-line').textContent).toContain('3 comparisons');
    expect(within(dialog).getByTestId('ab-winner-mode').textContent).toBe(
      'Automatic, after 48 h or earlier when one variant is significantly best',
    );
    expect(within(dialog).getByTestId('ab-winner-deadline').textContent).toBe(
      formatDateTime('2030-01-03T00:00:00Z'),
    );
    // the operator may still decide first: send to all is offered on every arm
    expect(within(dialog).getByTestId('send-all-C')).toBeTruthy();
    expect(within(dialog).getByTestId('send-all-D')).toBeTruthy();
  }, 120_000);

  it('a bandit test: its rounds planned, each variant’s round children labelled, the bandit’s reason', async () => {
    row = {
      ...ROW,
      abAllSent: true,
      childMsgs: [
        arm('A', 51, { click: 5 }),
        arm('B', 52, { click: 40 }),
        { ...arm('A', 53, { click: 2 }), round: 1 },
        { ...arm('B', 54, { click: 60 }), round: 1 },
        arm('B*', 55, {}, true),
      ],
      winner: abWinner({
        auto: true,
        bandit: true,
        rounds: 4,
        msgId: 52,
        reason: 'bandit',
        decidedAt: '2030-01-02T00:00:00Z',
      }),
    };
    significance = null;
    renderAt('/app/1/data/abtest', <AbTestsScreen appId={1} />);
    fireEvent.click(await screen.findByTestId('ab-title-5', undefined, slow));
    const dialog = await screen.findByTestId('ab-detail-body', undefined, slow);
    const rounds = await within(dialog).findByTestId('ab-winner-rounds', undefined, slow);
    expect(rounds.textContent).toBe('Round 4 of 4 planned');
    expect(within(dialog).getByTestId('ab-winner-decided').textContent).toContain(
      'most likely best (bandit, at least 95%)',
    );
    expect(within(dialog).getAllByText('Test B · round 2').length).toBeGreaterThan(0);
  }, 120_000);

  it('shows the decided winner: which variant went to the rest, why and when', async () => {
    row = {
      ...ROW,
      abAllSent: true,
      childMsgs: [
        ...ROW.childMsgs,
        arm('C', 53, { click: 90 }),
        arm('C*', 55, { pushCount: 7000, click: 300 }, true),
      ],
      winner: abWinner({
        auto: true,
        msgId: 53,
        reason: 'significant',
        decidedAt: '2030-01-02T06:00:00Z',
        decidesAt: '2030-01-03T00:00:00Z',
      }),
    };
    significance = null;
    renderAt('/app/1/data/abtest', <AbTestsScreen appId={1} />);
    expect((await screen.findByTestId('ab-winner-5', undefined, slow)).textContent).toBe('Winner: Test C');
    fireEvent.click(screen.getByTestId('ab-title-5'));
    const dialog = await screen.findByTestId('ab-detail-body', undefined, slow);
    const decided = await within(dialog).findByTestId('ab-winner-decided', undefined, slow);
    expect(decided.textContent).toBe(`Test C significantly best · ${formatDateTime('2030-01-02T06:00:00Z')}`);
    expect(within(dialog).queryByTestId('ab-winner-deadline')).toBeNull();
    expect(within(dialog).getByTestId('send-all-done-C').textContent).toBe('Sent to all');
    expect(within(dialog).queryByTestId('send-all-A')).toBeNull();
  }, 120_000);

  it('deletes an app-group send’s test in every app through the generic delete when the scope says so', async () => {
    row = {
      ...ROW,
      status: 3,
      childMsgs: ROW.childMsgs.map((c) => ({ ...c, status: 3 })),
      appGroupId: 7,
      groupScope: true,
    };
    renderAt('/app/1/data/abtest', <AbTestsScreen appId={1} />);
    expect((await screen.findByTestId('group-5', undefined, slow)).textContent).toBe('Group');
    fireEvent.click(screen.getByTestId('ab-menu-5'));
    fireEvent.click(within(await screen.findByRole('menu', {}, slow)).getByText('Delete'));
    const scope = await screen.findByTestId('scope-choice', undefined, slow);
    fireEvent.click(within(scope).getByRole('radio', { name: 'Every message of the app-group send' }));
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(posted('/msg/5/delete?group=1')).toHaveLength(1), slow);
    expect(posted('/msg/abtest/5/delete')).toHaveLength(0);
  }, 120_000);
});
