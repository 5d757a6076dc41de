import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  appInfo,
  materialDetail,
  materialRow,
  ok,
  restoreAfterEach,
  slow,
  stubApi,
} from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { MaterialsScreen, type MaterialTab } from './materials-screen';

type Body = Record<string, unknown>;
const WAITING = materialRow({ materialId: 22, title: 'Pending copy', status: 3 });
const REJECTED = materialRow({ materialId: 24, title: 'Bad link', status: 4, rejectReason: 'Wrong link' });
const DELETED = materialRow({ materialId: 26, title: 'Old promo', status: 2 });
const CROSS = materialDetail({
  materialId: 25,
  materialType: 3,
  title: 'Refresh data',
  status: 3,
  data: { trans_data: btoa('{"action":"refresh"}') },
});

let level = 200;
let ulevel = 0;
let reviewEnable = true;
let lists: Body[] = [];
let calls: string[] = [];
let audits: Body[] = [];

const bodyOf = (init?: RequestInit) => JSON.parse(init?.body as string) as Body;

beforeEach(() => {
  level = 200;
  ulevel = 0;
  reviewEnable = true;
  lists = [];
  calls = [];
  audits = [];
  stubApi((url, init) => {
    if (url.endsWith('/app/1/info'))
      return ok(appInfo({ projectLevel: level, materialReviewEnable: reviewEnable, serverUTC: '+0000' }));
    if (url.endsWith('/user/login/status'))
      return ok({ email: 'o@example.com', ulevel, source: 2, description: '' });
    if (url.endsWith('/material/list') || url.endsWith('/material/review/list')) {
      const body = bodyOf(init);
      lists.push({ ...body, url: url.endsWith('/review/list') ? 'audit' : 'list' });
      const rows = body.target === 2 ? [DELETED] : [WAITING, REJECTED];
      return ok({ material: rows, total: rows.length });
    }
    if (url.endsWith('/material/22/detail'))
      return ok(
        materialDetail({
          ...WAITING,
          nationalAttributes: { pushCountrySet: ['FR'], notPushCountrySet: ['DE'] },
        }),
      );
    if (url.endsWith('/material/25/detail')) return ok(CROSS);
    const audit = /\/material\/(\d+)\/audit$/.exec(url);
    if (audit?.[1]) {
      audits.push({ id: Number(audit[1]), ...bodyOf(init) });
      return ok({ materialId: Number(audit[1]), status: 1 });
    }
    const change = /\/material\/(?:review\/)?(\d+)\/(recovery|clean)$/.exec(url);
    if (change?.[1]) {
      calls.push(url.replace(/^.*\/material\//, ''));
      return ok({ materialId: Number(change[1]), status: 1 });
    }
    return undefined;
  });
});
restoreAfterEach();

const open = (tab: MaterialTab, url = `/app/1/material/${tab}`) =>
  renderAt(url, <MaterialsScreen appId={1} tab={tab} />);
const location = () => screen.getByTestId('location').textContent;

async function menu(id: number) {
  fireEvent.click(await screen.findByTestId(`material-menu-${id}`, undefined, slow));
  return screen.findAllByRole('menuitem', undefined, slow);
}

describe('MaterialsScreen, the recycle bin', () => {
  it('offers restore and delete permanently to user level 100 and project levels 200 and 300 only', async () => {
    const cases: Array<[number, number, boolean]> = [
      [200, 0, true],
      [300, 0, true],
      [400, 0, false],
      [400, 100, true],
    ];
    for (const [projectLevel, userLevel, offered] of cases) {
      level = projectLevel;
      ulevel = userLevel;
      open('recycle');
      await screen.findByTestId('material-title-26', undefined, slow);
      expect(lists.at(-1)).toMatchObject({ target: 2, materialId: '' });
      expect(screen.queryByTestId('material-filter-id')).toBeNull();
      await waitFor(() => expect(screen.queryByTestId('material-menu-26') !== null).toBe(offered), slow);
      cleanup();
    }
  }, 60_000);

  it('restores and deletes permanently after asking', async () => {
    open('recycle');
    const items = await menu(26);
    expect(items.map((i) => i.textContent)).toEqual(['Restore', 'Delete permanently']);
    fireEvent.click(screen.getByTestId('action-restore'));
    fireEvent.click(await screen.findByTestId('confirm-ok', undefined, slow));
    await waitFor(() => expect(calls).toEqual(['26/recovery']), slow);
    expect(await screen.findByText('Restored', undefined, slow)).toBeTruthy();

    fireEvent.click(screen.getByTestId('material-menu-26'));
    fireEvent.click(await screen.findByTestId('action-purge', undefined, slow));
    expect(await screen.findByText(/cannot be undone/, undefined, slow)).toBeTruthy();
    fireEvent.click(screen.getAllByTestId('confirm-ok').at(-1)!);
    await waitFor(() => expect(calls).toEqual(['26/recovery', '26/clean']), slow);
  }, 60_000);
});

describe('MaterialsScreen, the audit list', () => {
  it('is a tab only when the app reviews its materials', async () => {
    reviewEnable = false;
    open('list');
    await screen.findByRole('tab', { name: 'Recycle bin' }, slow);
    expect(screen.queryByRole('tab', { name: 'Review' })).toBeNull();
    cleanup();
    open('audit');
    await waitFor(() => expect(location()).toBe('/app/1/material/list'), slow);
  }, 60_000);

  it('filters by status and passes a material after its preview', async () => {
    open('audit');
    await screen.findByTestId('material-review-22', undefined, slow);
    expect(lists[0]).toMatchObject({ url: 'audit', status: '' });
    expect(screen.queryByTestId('material-review-24')).toBeNull(); // rejected: detail only
    expect(screen.getByTestId('material-detail-24')).toBeTruthy();
    fireEvent.mouseDown(within(screen.getByTestId('material-filter-status')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Rejected'));
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ url: 'audit', status: 4 }), slow);

    fireEvent.click(screen.getByTestId('material-review-22'));
    const dialog = await screen.findByTestId('material-preview', undefined, slow);
    expect(
      (await within(dialog).findAllByTestId('push-preview-title', undefined, slow))[0]?.textContent,
    ).toBe('Half price');
    expect(within(dialog).getByTestId('preview-push').textContent).toContain('France');
    expect(within(dialog).getByTestId('preview-not-push').textContent).toContain('Germany');
    fireEvent.click(within(dialog).getByTestId('material-pass'));
    await waitFor(() => expect(audits).toEqual([{ id: 22, action: 1, reason: '' }]), slow);
    expect(await screen.findByText('Review passed', undefined, slow)).toBeTruthy();
  }, 60_000);

  it('rejects only with a reason, and deletes permanently from the audit list', async () => {
    open('audit');
    fireEvent.click(await screen.findByTestId('material-review-22', undefined, slow));
    const dialog = await screen.findByTestId('material-preview', undefined, slow);
    fireEvent.click(await within(dialog).findByTestId('material-reject', undefined, slow));
    fireEvent.click(within(dialog).getByTestId('reject-ok'));
    expect(await within(dialog).findByText('Give a reason for the rejection', undefined, slow)).toBeTruthy();
    expect(audits).toEqual([]);
    fireEvent.change(within(dialog).getByTestId('material-reason'), { target: { value: '  Wrong link ' } });
    fireEvent.click(within(dialog).getByTestId('reject-ok'));
    await waitFor(() => expect(audits).toEqual([{ id: 22, action: 4, reason: 'Wrong link' }]), slow);

    const items = await menu(24);
    expect(items.map((i) => i.textContent)).toEqual(['Copy', 'Edit', 'Delete permanently']);
    fireEvent.click(screen.getByTestId('action-auditPurge'));
    fireEvent.click(await screen.findByTestId('confirm-ok', undefined, slow));
    await waitFor(() => expect(calls).toEqual(['review/24/clean']), slow);
  }, 60_000);

  it('shows a level-400 operator the detail only, and copies back to the audit list', async () => {
    level = 400;
    open('audit');
    fireEvent.click(await screen.findByTestId('material-detail-22', undefined, slow));
    const dialog = await screen.findByTestId('material-preview', undefined, slow);
    await within(dialog).findByTestId('material-content', undefined, slow);
    expect(within(dialog).queryByTestId('material-pass')).toBeNull();
    expect(within(dialog).queryByTestId('material-reject')).toBeNull();
    fireEvent.click(within(dialog).getByText('Close'));
    const items = await menu(22);
    expect(items.map((i) => i.textContent)).toEqual(['Copy', 'Edit']);
    fireEvent.click(screen.getByTestId('action-copy'));
    expect(location()).toBe('/app/1/material/create?materialId=22&act=copy&from=audit');
  }, 60_000);

  it('opens the material of the dashboard’s link, on its type’s list', async () => {
    open('audit', '/app/1/material/audit?materialId=25');
    const dialog = await screen.findByTestId('material-preview', undefined, slow);
    expect((await within(dialog).findByTestId('material-json', undefined, slow)).textContent).toContain(
      '"action": "refresh"',
    );
    expect(lists[0]).toMatchObject({ url: 'audit', materialId: '25' });
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ materialType: 3, materialId: '25' }), slow);
    expect(within(dialog).getByTestId('material-pass')).toBeTruthy();
  }, 60_000);
});
