import { EditorView } from '@codemirror/view';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { base64OfText } from '@beacon/shared';
import {
  abArm,
  abTestDetail,
  abWinner,
  appInfo,
  DICTS,
  errorOf,
  field,
  json,
  messageDetail,
  ok,
  restoreAfterEach,
  slow,
  stubApi,
} from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { AbComposeScreen } from './ab-compose-screen';

const armDetail = (id: number, title: string, schedule: Record<string, unknown>) =>
  messageDetail({
    id,
    msgId: id,
    msgType: 1,
    title: 'Sale copy',
    status: 2,
    speedLimit: 2000,
    parentMsgId: 5,
    data: {
      noti_type: 1,
      noti_title: title,
      noti_desc: 'Today only',
      noti_small_icon: '/files/icon.png',
      noti_open_type: 1,
      noti_open_content: 'shop://sale',
    },
    ...schedule,
  });
const AT = { scheduleType: 2, scheduleDate: '2099-01-02 10:00:00', scheduleUTC: '+0100' };

const AT_ARM = { groupPercent: 12.5, scheduleType: 2, scheduleDate: '2099-01-02 10:00:00' };
const AB_DETAIL = abTestDetail({
  childMsgs: [abArm('A', 51, AT_ARM), abArm('B', 52, AT_ARM)],
  speedLimit: 2000,
});

let saved: Array<Record<string, unknown>> = [];
let saveAnswer: (() => Response) | undefined;
let abDetail: unknown = AB_DETAIL;
const TITLES: Record<number, string> = { 51: 'Half price', 52: '50 % off', 53: 'Free delivery' };

beforeEach(() => {
  saved = [];
  saveAnswer = undefined;
  abDetail = AB_DETAIL;
  stubApi((url, init) => {
    if (url.endsWith('/app/1/info')) return ok(appInfo());
    if (url.endsWith('/app/1/icon')) return ok({ icon: '/files/icon.png', color: '#1A73E8' });
    if (url.includes('/dict/1/all')) return ok(DICTS);
    if (url.endsWith('/msg/target/max')) return ok({ newCount: 1234, exact: true });
    if (url.endsWith('/msg/abtest/5/detail')) return ok(abDetail);
    if (url.endsWith('/msg/detail')) {
      const { id } = JSON.parse(init?.body as string) as { id: number };
      return ok(armDetail(id, TITLES[id] ?? '', AT));
    }
    if (url.endsWith('/msg/abtest/create')) {
      saved.push(JSON.parse(init?.body as string) as Record<string, unknown>);
      return saveAnswer ? saveAnswer() : ok({ id: 5, msgId: 5, status: 0 });
    }
    return undefined;
  });
});
restoreAfterEach();

const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
/** Replaces the text of the n-th JSON editor as a user edit (jsdom cannot type into CodeMirror). */
function typeJson(root: ParentNode, text: string, n: number): void {
  const dom = root.querySelectorAll<HTMLElement>('.cm-editor')[n];
  const view = dom ? EditorView.findFromDOM(dom) : null;
  if (!view) throw new Error('no CodeMirror view');
  act(() => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input' });
  });
}
const review = () => fireEvent.click(screen.getByRole('button', { name: /Review and send/ }));

describe('AbComposeScreen', () => {
  it('checks both arms, previews Test A and B at the share each and saves two notifications of the same type', async () => {
    renderAt('/app/1/message/editabtest', <AbComposeScreen appId={1} />);
    await screen.findByText('New A/B test', undefined, slow);
    await screen.findByText('1,234', undefined, slow);
    expect(field('armA_title')).toBeTruthy();
    expect(field('armB_title')).toBeTruthy();

    review();
    // the form shows each field's error as its own check settles: wait for all of them, not the first
    await waitFor(() => {
      expect(errorOf('description')).toBe('Required');
      expect(errorOf('armA_title')).toBe('Required');
      expect(errorOf('armB_title')).toBe('Required');
      expect(errorOf('armB_openContent')).toBe('Required');
    }, slow);
    expect(screen.queryByRole('dialog')).toBeNull();

    type('description', 'Sale copy');
    type('armA_title', 'Half price');
    type('armA_desc', 'Today only');
    type('armA_openContent', 'shop://sale');
    type('armB_title', '50 % off');
    type('armB_desc', 'Until midnight');
    type('armB_openContent', 'shop://deals');
    type('abPercent', '15');
    // the share and its device count can render a moment apart: wait for the whole sentence
    await waitFor(
      () => expect(field('armB_groupPercent').textContent).toBe('15% of the audience, about 185 devices'),
      slow,
    );

    review();
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByTestId('confirm-share-A').textContent).toBe(
      '15% of the audience · about 185 devices',
    );
    expect(within(dialog).getByTestId('confirm-share-B').textContent).toBe(
      '15% of the audience · about 185 devices',
    );
    expect(within(dialog).getByTestId('confirm-count').textContent).toBe(
      'The test goes to about 370 devices: 30% of an estimated audience of 1,234.',
    );
    expect(within(dialog).getByText('Test A')).toBeTruthy();
    expect(within(dialog).getByText('Test B')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    expect(saved[0]).toMatchObject({
      msgType: 4,
      title: 'Sale copy',
      targetingType: 0,
      targetCount: 1234,
      timeToLive: 43200,
      msgRestrictType: 1,
      childMsgs: [
        {
          msgType: 1,
          groupTag: 'A',
          groupPercent: 15,
          scheduleType: 1,
          scheduleUTC: '+0800',
          data: { noti_title: 'Half price', noti_desc: 'Today only', noti_open_content: 'shop://sale' },
        },
        {
          msgType: 1,
          groupTag: 'B',
          groupPercent: 15,
          scheduleType: 1,
          data: { noti_title: '50 % off', noti_open_content: 'shop://deals' },
        },
      ],
    });
    expect(saved[0]).not.toHaveProperty('pushCount');
    expect(saved[0]?.winner).toEqual({ auto: false, afterHours: 24, early: true, bandit: false });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/1/data/abtest'), slow);
  }, 120_000);

  it('composes four variants: add copies the last, the share max follows k, remove re-tags, the automatic winner is sent', async () => {
    renderAt('/app/1/message/editabtest', <AbComposeScreen appId={1} />);
    await screen.findByText('New A/B test', undefined, slow);
    await screen.findByText('1,234', undefined, slow);
    type('description', 'Four ways');
    type('armA_title', 'Half price');
    type('armA_desc', 'Today only');
    type('armA_openContent', 'shop://sale');
    fireEvent.click(screen.getByTestId('arm-tab-B'));
    type('armB_title', '50 % off');
    type('armB_desc', 'Until midnight');
    type('armB_openContent', 'shop://deals');
    expect(screen.queryByTestId('remove-B')).toBeNull();
    // out of range, the share is kept as typed and the rule names the range (the input used to clamp -5 to 0.01)
    type('abPercent', '-5');
    fireEvent.blur(field('abPercent'));
    await waitFor(
      () =>
        expect(errorOf('abPercent')).toBe(
          'Between 0.01% and 50% per variant with 2 variants (together at most 100%)',
        ),
      slow,
    );
    expect(field('abPercent').value).toBe('-5');
    type('abPercent', '30');
    await waitFor(
      () =>
        expect(screen.getByTestId('ab-share-total').textContent).toBe(
          '2 variants × 30% = 60% of the audience; the other 40% get the winner.',
        ),
      slow,
    );

    // C and D start as copies of the last variant; with four, each variant may take at most 25 %
    fireEvent.click(screen.getByTestId('ab-add-arm'));
    await waitFor(() => expect(field('armC_title')?.value).toBe('50 % off'), slow);
    fireEvent.click(screen.getByTestId('ab-add-arm'));
    await waitFor(() => expect(field('armD_title')?.value).toBe('50 % off'), slow);
    await waitFor(
      () =>
        expect(errorOf('abPercent')).toBe(
          'Between 0.01% and 25% per variant with 4 variants (together at most 100%)',
        ),
      slow,
    );
    expect(field('abPercent').getAttribute('aria-valuemax')).toBe('25');
    type('armC_title', 'Free delivery');
    type('armD_title', 'Last day');
    // removing C moves D up to C, with its content
    fireEvent.click(screen.getByTestId('remove-C'));
    fireEvent.click(await screen.findByTestId('remove-ok-C', undefined, slow));
    await waitFor(() => expect(field('armC_title')?.value).toBe('Last day'), slow);
    expect(field('armD_title')).toBeNull();
    expect(screen.queryByTestId('arm-tab-D')).toBeNull();
    await waitFor(() => expect(errorOf('abPercent')).toContain('at most 100%'), slow);
    fireEvent.click(screen.getByTestId('ab-add-arm'));
    await waitFor(() => expect(field('armD_title')?.value).toBe('Last day'), slow);
    type('armD_title', 'Only online');
    type('abPercent', '25');
    await waitFor(() => expect(errorOf('abPercent')).toBe(''), slow);
    expect(screen.getByTestId('ab-share-total').textContent).toBe(
      '4 variants × 25% = 100% of the audience; the other 0% get the winner.',
    );

    // automatic winner: after 48 h, no early looks
    fireEvent.click(screen.getByRole('radio', { name: /Automatic: the best variant/ }));
    await screen.findByTestId('ab-winner-help', undefined, slow);
    expect(screen.getByTestId('ab-winner-help').textContent).toContain('stricter level (1%)');
    // an emptied or out-of-range count is refused, kept as typed
    type('winnerHours', '');
    review();
    await waitFor(() => expect(errorOf('winnerHours')).toBe('A whole number of hours from 1 to 168'), slow);
    type('winnerHours', '200');
    fireEvent.blur(field('winnerHours'));
    await waitFor(() => expect(errorOf('winnerHours')).toBe('A whole number of hours from 1 to 168'), slow);
    expect(field('winnerHours').value).toBe('200');
    type('winnerHours', '48');
    fireEvent.click(screen.getByRole('checkbox', { name: /Decide early/ }));
    // and the share in bandit rounds
    fireEvent.click(screen.getByRole('checkbox', { name: /Bandit mode/ }));

    review();
    const dialog = await screen.findByRole('dialog', {}, slow);
    for (const tag of ['A', 'B', 'C', 'D'])
      expect(within(dialog).getByTestId(`confirm-arm-${tag}`)).toBeTruthy();
    expect(within(dialog).getByTestId('confirm-winner').textContent).toBe(
      'Winner: sent automatically once the last bandit round has sent — the variant at least 95% likely to be best, or the most likely at the deadline. Bandit mode: the variants go out in 4 rounds over 48 h, each shifted toward the one most likely best.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    const body = saved[0] as { childMsgs: Array<Record<string, unknown>>; winner: unknown };
    expect(
      body.childMsgs.map((m) => [m.groupTag, m.groupPercent, (m.data as { noti_title: string }).noti_title]),
    ).toEqual([
      ['A', 25, 'Half price'],
      ['B', 25, '50 % off'],
      ['C', 25, 'Last day'],
      ['D', 25, 'Only online'],
    ]);
    expect(body.winner).toEqual({ auto: true, afterHours: 48, early: false, bandit: true });
  }, 150_000);

  it('composes two cross arms in their own JSON editors and shows a server field error at the arm it names', async () => {
    saveAnswer = () =>
      json(400, {
        status: 400,
        msg: 'childMsgs.1.data.trans_data is invalid',
        data: {
          fields: [
            { field: 'childMsgs.1.data.trans_data', message: 'must be the base64 of a JSON object' },
            { field: 'childMsgs.1.groupPercent', message: 'must equal arm A’s percent' },
          ],
        },
      });
    renderAt('/app/1/message/editabtest', <AbComposeScreen appId={1} />);
    await screen.findByText('New A/B test', undefined, slow);
    fireEvent.click(screen.getByRole('radio', { name: 'Transparent data' }));
    await waitFor(() => expect(document.querySelectorAll('.cm-editor')).toHaveLength(2), slow);
    expect(field('armA_crossJson')).toBeTruthy();
    expect(field('armB_crossJson')).toBeTruthy();
    type('description', 'Feed refresh');
    typeJson(document, '{"variant": "a"}', 0);
    review();
    await waitFor(() => expect(errorOf('armB_crossJson')).toBe('Required'), slow);
    expect(errorOf('armA_crossJson')).toBe('');

    typeJson(document, '{"variant": "b"}', 1);
    review();
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(
      within(dialog)
        .getAllByTestId('confirm-content')
        .map((e) => e.textContent),
    ).toEqual(['{\n  "variant": "a"\n}', '{\n  "variant": "b"\n}']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    expect(saved[0]).toMatchObject({
      msgType: 4,
      childMsgs: [
        {
          msgType: 2,
          groupTag: 'A',
          groupPercent: 10,
          data: { trans_data: base64OfText('{"variant":"a"}') },
        },
        {
          msgType: 2,
          groupTag: 'B',
          groupPercent: 10,
          data: { trans_data: base64OfText('{"variant":"b"}') },
        },
      ],
    });
    await waitFor(() => expect(errorOf('armB_crossJson')).toBe('must be the base64 of a JSON object'), slow);
    expect(errorOf('armB_groupPercent')).toBe('must equal arm A’s percent');
    expect(errorOf('armA_crossJson')).toBe('');
    expect(errorOf('armA_groupPercent')).toBe('');
    expect(screen.getByTestId('location').textContent).toBe('/app/1/message/editabtest');
  }, 120_000);

  it('edits a saved test from its arms’ messages and saves it with the test’s and the arms’ ids', async () => {
    renderAt('/app/1/message/editabtest?id=5&act=edit', <AbComposeScreen appId={1} id={5} act="edit" />);
    await screen.findByText('Edit A/B test', undefined, slow);
    expect(field('description').value).toBe('Sale copy');
    expect(field('armA_title').value).toBe('Half price');
    expect(field('armB_title').value).toBe('50 % off');
    expect(field('abPercent').value).toBe('12.5');
    expect(screen.getByRole('radio', { name: 'Transparent data' }).hasAttribute('disabled')).toBe(true);
    type('armB_title', '50 % off everything');
    fireEvent.click(screen.getByRole('button', { name: /Review and save/ }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    expect(saved[0]).toMatchObject({
      id: 5,
      msgType: 4,
      title: 'Sale copy',
      timeToLive: 7200,
      speedLimit: 2000,
      msgRestrictType: 2,
      childMsgs: [
        { id: 51, groupTag: 'A', groupPercent: 12.5, ...AT, data: { noti_title: 'Half price' } },
        { id: 52, groupTag: 'B', groupPercent: 12.5, ...AT, data: { noti_title: '50 % off everything' } },
      ],
      winner: { auto: false, afterHours: 24, early: true, bandit: false },
    });
  }, 120_000);

  it('edits a test of three variants with an automatic winner: loads every arm and the winner settings', async () => {
    abDetail = abTestDetail({
      childMsgs: [abArm('A', 51, AT_ARM), abArm('B', 52, AT_ARM), abArm('C', 53, AT_ARM)],
      speedLimit: 2000,
      winner: abWinner({ auto: true, afterHours: 12, early: false }),
    });
    renderAt('/app/1/message/editabtest?id=5&act=edit', <AbComposeScreen appId={1} id={5} act="edit" />);
    await screen.findByText('Edit A/B test', undefined, slow);
    expect(field('armC_title').value).toBe('Free delivery');
    expect(screen.getByTestId('remove-C')).toBeTruthy();
    expect(field('winnerHours').value).toBe('12');
    expect(screen.getByRole('checkbox', { name: /Decide early/, hidden: true })).toHaveProperty(
      'checked',
      false,
    );
    expect(screen.getByTestId('ab-share-total').textContent).toBe(
      '3 variants × 12.5% = 37.5% of the audience; the other 62.5% get the winner.',
    );
    fireEvent.click(screen.getByRole('button', { name: /Review and save/ }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    expect(saved[0]).toMatchObject({
      id: 5,
      childMsgs: [
        { id: 51, groupTag: 'A', groupPercent: 12.5 },
        { id: 52, groupTag: 'B', groupPercent: 12.5 },
        { id: 53, groupTag: 'C', groupPercent: 12.5, data: { noti_title: 'Free delivery' } },
      ],
      winner: { auto: true, afterHours: 12, early: false, bandit: false },
    });
  }, 120_000);
});
