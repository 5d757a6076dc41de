import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../../i18n';
import { appInfo, json, ok, restoreAfterEach, slow, stubApi } from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { DataTabs } from '../../messages';
import { ReviewsScreen } from './reviews-screen';

const item = (fields: Record<string, unknown>) => ({
  msgType: 1,
  appGroupId: null,
  appGroupParentMsgId: null,
  materialId: null,
  ownerEmail: 'op@example.com',
  status: 11,
  scheduleType: 2,
  scheduleUTC: '+0800',
  schedulePassed: false,
  file: false,
  audiencePackage: false,
  rejectReason: '',
  createTime: '2030-01-01T00:00:00.000Z',
  ...fields,
});
// waits for its time, in the future
const FUTURE = item({ msgId: 7, id: 7, title: 'Spring sale', scheduleDate: '2099-01-01 10:00:00' });
// its time has gone by: running it asks "send now"
const PASSED = item({
  msgId: 8,
  id: 8,
  title: 'Old promo',
  scheduleDate: '2020-01-01 10:00:00',
  schedulePassed: true,
});
const REJECTED = item({
  msgId: 9,
  id: 9,
  msgType: 2,
  title: 'Wake up',
  status: 12,
  scheduleType: 1,
  scheduleDate: null,
  scheduleUTC: '+0000',
  rejectReason: 'Wrong link',
  materialId: 3,
});
const AB = item({
  msgId: 10,
  id: 10,
  msgType: 4,
  title: 'Two subjects',
  scheduleType: 1,
  scheduleDate: null,
});

type Body = Record<string, unknown>;
let level = 200;
/** The app's DMP switch. */
let dmp = false;
let rows: Body[] = [];
let lists: Body[] = [];
let approves: Body[] = [];
let rejects: Body[] = [];
/** What the next approve answers: 90003 while true (the schedule passed meanwhile). */
let approvePassed = false;

const bodyOf = (init?: RequestInit) => JSON.parse(init?.body as string) as Body;

beforeEach(() => {
  level = 200;
  dmp = false;
  rows = [FUTURE, PASSED, REJECTED, AB];
  lists = [];
  approves = [];
  rejects = [];
  approvePassed = false;
  stubApi((url, init) => {
    if (url.endsWith('/app/1/info'))
      return ok(
        appInfo({ projectLevel: level, reviewEnable: true, serverUTC: '+0000', commercialEnable: dmp }),
      );
    if (url.endsWith('/app/1/msg/reviews')) {
      const body = bodyOf(init);
      lists.push(body);
      const found = body.msgId ? rows.filter((r) => String(r.msgId) === body.msgId) : rows;
      return ok({ results: found, total: found.length });
    }
    if (url.endsWith('/app/1/msg/approve')) {
      const body = bodyOf(init);
      approves.push(body);
      if (approvePassed && !body.sendNow)
        return json(200, { status: 90003, msg: 'Schedule time has passed', data: null });
      return ok({ msgId: body.msgId, status: body.sendNow ? 0 : 2 });
    }
    if (url.endsWith('/app/1/msg/reject')) {
      const body = bodyOf(init);
      rejects.push(body);
      return ok({ msgId: body.msgId, status: 12 });
    }
    return undefined;
  });
});
restoreAfterEach();
afterEach(async () => {
  if (i18n.language !== 'en') await act(async () => i18n.changeLanguage('en'));
});

const open = (url = '/app/1/data/review') => renderAt(url, <ReviewsScreen appId={1} />);
const location = () => screen.getByTestId('location').textContent;

async function pick(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(option));
}

describe('DataTabs: the review tab', () => {
  it('shows for project levels 100–400 on an app that reviews, and opens data/review', async () => {
    const cases: Array<[number, boolean, boolean]> = [
      [100, true, true],
      [200, true, true],
      [300, true, true],
      [400, true, true],
      [500, true, false],
      [200, false, false],
    ];
    for (const [projectLevel, reviewEnable, shown] of cases) {
      stubApi((url) =>
        url.endsWith('/app/1/info') ? ok(appInfo({ projectLevel, reviewEnable })) : undefined,
      );
      renderAt(
        '/app/1/data/push',
        <DataTabs appId={1} current="push">
          <div />
        </DataTabs>,
      );
      await screen.findByRole('tab', { name: 'A/B tests' }, slow);
      // the tab list settles once the app's info is in
      await waitFor(() => expect(screen.queryByRole('tab', { name: 'Review' }) !== null).toBe(shown), slow);
      if (shown) {
        fireEvent.click(screen.getByRole('tab', { name: 'Review' }));
        expect(location()).toBe('/app/1/data/review');
      }
      cleanup();
    }
  }, 60_000);
});

describe('ReviewsScreen', () => {
  it('lists 10 a page with the filters in the body and the URL, and shows each item’s columns', async () => {
    open();
    await screen.findByTestId('review-title-7', undefined, slow);
    expect(lists[0]).toEqual({ status: '', tz: '+0000', pageNo: 1, pageSize: 10 });
    expect(screen.getByTestId('review-type-7').textContent).toBe('Notification');
    expect(screen.getByTestId('review-type-9').textContent).toBe('Cross');
    expect(screen.getByTestId('review-type-10').textContent).toBe('A/B');
    expect(screen.getByTestId('review-schedule-7').textContent).toBe('2099-01-01 10:00 (UTC+08:00)');
    expect(screen.getByTestId('review-schedule-8').textContent).toContain('Time passed');
    expect(screen.getByTestId('review-schedule-9').textContent).toBe('Now');
    expect(screen.getByTestId('review-reason-9').textContent).toBe('Wrong link');

    fireEvent.change(screen.getByLabelText('Description'), { target: { value: ' sale ' } });
    fireEvent.change(screen.getByLabelText('Creator e-mail'), { target: { value: 'op@example.com' } });
    await pick('review-filter-status', 'Rejected');
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(
      () =>
        expect(lists.at(-1)).toEqual({
          status: 12,
          title: 'sale',
          ownerEmail: 'op@example.com',
          tz: '+0000',
          pageNo: 1,
          pageSize: 10,
        }),
      slow,
    );
    expect(location()).toBe('/app/1/data/review?title=sale&ownerEmail=op%40example.com&status=12');

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(location()).toBe('/app/1/data/review'), slow);
  }, 60_000);

  it('reads the filters and the page from the URL and pages by 10', async () => {
    rows = Array.from({ length: 10 }, (_, i) =>
      item({ msgId: 100 + i, id: 100 + i, title: `M${i}`, scheduleDate: '2099-01-01 10:00:00' }),
    );
    stubApi((url, init) => {
      if (url.endsWith('/app/1/info')) return ok(appInfo({ reviewEnable: true }));
      if (url.endsWith('/msg/reviews')) {
        lists.push(bodyOf(init));
        return ok({ results: rows, total: 25 });
      }
      return undefined;
    });
    open('/app/1/data/review?begin=2030-01-01&end=2030-01-31&tz=%2B0800&status=11&page=2');
    await screen.findByTestId('review-title-100', undefined, slow);
    expect(lists[0]).toEqual({
      status: 11,
      begin: '2030-01-01',
      end: '2030-01-31',
      tz: '+0800',
      pageNo: 2,
      pageSize: 10,
    });
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ pageNo: 3, status: 11 }), slow);
    expect(location()).toContain('page=3');
  }, 60_000);

  it('says nothing waits for review when the list is empty', async () => {
    rows = [];
    open();
    expect((await screen.findByTestId('reviews-empty', undefined, slow)).textContent).toContain(
      'Nothing waits for review',
    );
  }, 60_000);

  it('shows no run or reject to a level-400 operator, who still sees the detail, edit and copy', async () => {
    level = 400;
    open();
    await screen.findByTestId('review-title-7', undefined, slow);
    expect(screen.queryByTestId('run-7')).toBeNull();
    expect(screen.queryByTestId('reject-7')).toBeNull();
    fireEvent.click(screen.getByTestId('row-menu-7'));
    expect(await screen.findByTestId('action-detail', undefined, slow)).toBeTruthy();
    fireEvent.click(screen.getByTestId('action-edit'));
    expect(location()).toBe('/app/1/message/editpush?id=7&act=edit&from=review');
  }, 60_000);

  it('runs an item waiting for a future time: approve without send-now, "Review passed", the list again', async () => {
    open();
    fireEvent.click(await screen.findByTestId('run-7', undefined, slow));
    const dialog = await screen.findByTestId('run-dialog', undefined, slow);
    expect(within(dialog).getByTestId('run-confirm').textContent).toBe(
      'Run “Spring sale”? It will be sent at 2099-01-01 10:00 (UTC+08:00).',
    );
    const listed = lists.length;
    fireEvent.click(within(dialog).getByTestId('run-ok'));
    await waitFor(() => expect(approves).toEqual([{ msgId: 7, isAB: false, sendNow: false }]), slow);
    expect(await screen.findByText('Review passed', undefined, slow)).toBeTruthy();
    await waitFor(() => expect(lists.length).toBeGreaterThan(listed), slow);
  }, 60_000);

  it('offers send-now for an item whose time has passed: cancel sends nothing, send now posts sendNow', async () => {
    open();
    fireEvent.click(await screen.findByTestId('run-8', undefined, slow));
    let dialog = await screen.findByTestId('run-dialog', undefined, slow);
    expect(within(dialog).getByTestId('run-passed').textContent).toContain('that time has passed');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('run-dialog')).toBeNull(), slow);
    expect(approves).toEqual([]);

    fireEvent.click(screen.getByTestId('run-8'));
    dialog = await screen.findByTestId('run-dialog', undefined, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(approves).toEqual([{ msgId: 8, isAB: false, sendNow: true }]), slow);
    expect(await screen.findByText('Review passed', undefined, slow)).toBeTruthy();
  }, 60_000);

  it('switches to send-now when the server answers that the time passed meanwhile (90003)', async () => {
    approvePassed = true;
    open();
    fireEvent.click(await screen.findByTestId('run-7', undefined, slow));
    const dialog = await screen.findByTestId('run-dialog', undefined, slow);
    fireEvent.click(within(dialog).getByTestId('run-ok'));
    expect(await within(dialog).findByTestId('run-passed', undefined, slow)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
    await waitFor(
      () =>
        expect(approves).toEqual([
          { msgId: 7, isAB: false, sendNow: false },
          { msgId: 7, isAB: false, sendNow: true },
        ]),
      slow,
    );
  }, 60_000);

  it('runs an A/B test as one item (isAB)', async () => {
    open();
    fireEvent.click(await screen.findByTestId('run-10', undefined, slow));
    const dialog = await screen.findByTestId('run-dialog', undefined, slow);
    expect(within(dialog).getByTestId('run-confirm').textContent).toBe(
      'Run “Two subjects”? It will be sent now.',
    );
    fireEvent.click(within(dialog).getByTestId('run-ok'));
    await waitFor(() => expect(approves).toEqual([{ msgId: 10, isAB: true, sendNow: false }]), slow);
  }, 60_000);

  it('refuses an empty reason at the field, then rejects with the reason typed (Enter)', async () => {
    open();
    expect(screen.queryByTestId('reject-9')).toBeNull(); // already rejected: nothing to decide
    fireEvent.click(await screen.findByTestId('reject-7', undefined, slow));
    const dialog = await screen.findByTestId('reject-dialog', undefined, slow);
    fireEvent.click(within(dialog).getByTestId('reject-ok'));
    expect(await within(dialog).findByText('Give a reason for the rejection', undefined, slow)).toBeTruthy();
    const reason = within(dialog).getByTestId('reject-reason');
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.keyDown(reason, { key: 'Enter' });
    expect(await within(dialog).findByText('Give a reason for the rejection', undefined, slow)).toBeTruthy();
    expect(rejects).toEqual([]);

    fireEvent.change(reason, { target: { value: '  Wrong landing page  ' } });
    fireEvent.keyDown(reason, { key: 'Enter' });
    await waitFor(
      () => expect(rejects).toEqual([{ msgId: 7, isAB: false, reason: 'Wrong landing page' }]),
      slow,
    );
    expect(await screen.findByText('Rejected', undefined, slow)).toBeTruthy();
  }, 60_000);

  it('opens the item of a reviewer’s mail link: the list filtered by its msgId, then its review', async () => {
    open('/app/1/data/review?msgId=7&msgType=1');
    const dialog = await screen.findByTestId('review-dialog', undefined, slow);
    expect(lists[0]).toMatchObject({ msgId: '7' });
    expect(within(dialog).getByText('Spring sale')).toBeTruthy();
    // the link is used once: reloading the list does not open it again
    await waitFor(() => expect(location()).toBe('/app/1/data/review?msgId=7'), slow);
    expect(screen.getByTestId('review-filter-msgid').textContent).toBe('MsgId 7');
    fireEvent.click(within(dialog).getByTestId('review-reject'));
    expect(await screen.findByTestId('reject-dialog', undefined, slow)).toBeTruthy();
  }, 60_000);

  it('disables Edit of an item targeting an audience package while the app’s DMP switch is off', async () => {
    rows = [{ ...FUTURE, audiencePackage: true }, REJECTED];
    open('/app/1/data/review?msgId=7&msgType=1');
    const dialog = await screen.findByTestId('review-dialog', undefined, slow);
    expect(within(dialog).getByTestId('review-edit').hasAttribute('disabled')).toBe(true);
    cleanup();

    dmp = true;
    open('/app/1/data/review?msgId=7&msgType=1');
    const on = await screen.findByTestId('review-dialog', undefined, slow);
    expect(within(on).getByTestId('review-edit').hasAttribute('disabled')).toBe(false);
  }, 60_000);

  it('opens the detail of a linked item for a level-400 operator', async () => {
    level = 400;
    open('/app/1/data/review?msgId=7&msgType=1');
    expect(await screen.findByTestId('message-detail', undefined, slow)).toBeTruthy();
    expect(screen.queryByTestId('review-dialog')).toBeNull();
  }, 60_000);

  it('copies an item linked to a material after asking whether to keep the link; an A/B detail opens data/abtest', async () => {
    open();
    fireEvent.click(await screen.findByTestId('row-menu-9', undefined, slow));
    fireEvent.click(await screen.findByTestId('action-copy', undefined, slow));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep the link' }, slow));
    expect(location()).toBe('/app/1/message/editcross?id=9&act=copy&from=review&materialId=3');
    cleanup();

    open();
    fireEvent.click(await screen.findByTestId('review-title-10', undefined, slow));
    expect(location()).toBe('/app/1/data/abtest');
  }, 60_000);

  it('speaks French', async () => {
    await act(async () => setLanguage('fr'));
    await waitFor(() => expect(i18n.language).toBe('fr'));
    open();
    expect((await screen.findByTestId('run-7', undefined, slow)).textContent).toBe('Lancer');
    expect(screen.getByTestId('reject-7').textContent).toBe('Rejeter');
    expect(screen.getAllByText('Motif du rejet').length).toBeGreaterThan(0);
    expect(screen.getByTestId('review-schedule-9').textContent).toBe('Immédiat');
    fireEvent.click(screen.getByTestId('run-8'));
    const dialog = await screen.findByTestId('run-dialog', undefined, slow);
    expect(within(dialog).getByRole('button', { name: 'Envoyer maintenant' })).toBeTruthy();
    expect(within(dialog).getByText('L’heure programmée est passée')).toBeTruthy();
  }, 60_000);
});
