import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { appInfo, materialRow, ok, restoreAfterEach, slow, stubApi } from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { XLSX_ACCEPT } from './import-dialog';
import { MaterialsScreen } from './materials-screen';

type Body = Record<string, unknown>;
const PASSED = materialRow();
const WAITING = materialRow({ materialId: 22, title: 'Pending copy', status: 3 });
const LANGS = materialRow({ materialId: 23, title: 'World sale', multiLangEnable: true, subCount: 1 });

let rows: Body[] = [];
let lists: Body[] = [];
let removed: string[] = [];
let restored: string[] = [];
let reports: Body[] = [];
let uploads = 0;
let uploadAnswer: unknown;

const bodyOf = (init?: RequestInit) => JSON.parse(init?.body as string) as Body;

beforeEach(() => {
  rows = [PASSED, WAITING, LANGS];
  lists = [];
  removed = [];
  restored = [];
  reports = [];
  uploads = 0;
  uploadAnswer = { created: [], problems: [] };
  stubApi((url, init) => {
    if (url.endsWith('/app/1/info')) return ok(appInfo({ serverUTC: '+0000' }));
    if (url.endsWith('/user/login/status'))
      return ok({ email: 'o@example.com', ulevel: 0, source: 2, description: '' });
    if (url.endsWith('/app/1/material/list')) {
      lists.push(bodyOf(init));
      return ok({ material: rows, total: rows.length });
    }
    if (url.endsWith('/material/23/child/list'))
      return ok({
        material: [
          { lang: 'fr', title: 'Soldes', desc: 'Jusqu’à minuit', extra: '', button: '', buttonExtra: [] },
        ],
      });
    const back = /\/material\/(\d+)\/recovery$/.exec(url);
    if (back?.[1]) {
      restored.push(back[1]);
      return ok({ materialId: Number(back[1]), status: 1 });
    }
    const del = /\/material\/(\d+)\/delete$/.exec(url);
    if (del?.[1]) {
      removed.push(del[1]);
      return ok({ materialId: Number(del[1]), status: 2 });
    }
    if (url.endsWith('/material/21/report')) {
      reports.push(bodyOf(init));
      return ok({
        msgReport: [
          {
            msgId: 70,
            id: 7,
            msgType: 1,
            title: 'Spring push',
            status: 1,
            scheduleDate: '2030-02-01 10:00:00',
            createTime: '2030-01-31T00:00:00Z',
            push: 5000,
            reach: 4000,
            show: 3000,
            showRate: 75,
            click: 150,
            clickRate: 5,
          },
        ],
        total: 1,
      });
    }
    if (url.endsWith('/app/1/material/upload')) {
      uploads += 1;
      return ok(uploadAnswer);
    }
    return undefined;
  });
});
restoreAfterEach();

const open = (url = '/app/1/material/list') => renderAt(url, <MaterialsScreen appId={1} tab="list" />);
const location = () => screen.getByTestId('location').textContent;

async function pick(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(option));
}

describe('MaterialsScreen, the library', () => {
  it('lists 20 a page with its counts; the type radio and the filters make the body and the URL', async () => {
    open();
    await screen.findByTestId('material-title-21', undefined, slow);
    expect(lists[0]).toEqual({
      tz: '+0000',
      materialType: 1,
      target: 1,
      createType: '',
      materialId: '',
      status: '',
      order: '',
      pageNo: 1,
      pageSize: 20,
    });
    expect(screen.getByTestId('push-21').textContent).toBe('12,345');
    expect(screen.getByTestId('messages-21').textContent).toBe('3');
    expect(screen.getByTestId('showRate-21').textContent).toBe('80%');
    expect(screen.getByTestId('clickRate-21').textContent).toBe('5%');
    expect(screen.getByTestId('material-status-21').textContent).toBe('Passed');
    expect(screen.getByTestId('material-status-22').textContent).toBe('Waiting for review');
    expect(screen.getByTestId('material-lang-23')).toBeTruthy();

    fireEvent.click(within(screen.getByTestId('material-type')).getByText('Cross'));
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ materialType: 3, pageNo: 1 }), slow);
    expect(location()).toBe('/app/1/material/list?materialType=3');

    const id = screen.getByTestId('material-filter-id');
    fireEvent.change(id, { target: { value: '12a' } });
    fireEvent.blur(id);
    expect(await screen.findByText(/takes digits only/, undefined, slow)).toBeTruthy();
    expect((id as HTMLInputElement).value).toBe('');
    fireEvent.change(id, { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: ' spring ' } });
    await pick('material-filter-create-type', 'API');
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(
      () =>
        expect(lists.at(-1)).toMatchObject({
          materialType: 3,
          title: 'spring',
          createType: 2,
          materialId: '12',
        }),
      slow,
    );
    expect(location()).toBe('/app/1/material/list?materialType=3&title=spring&createType=2&materialId=12');
  }, 60_000);

  it('sorts by click rate, down then up, in the body and the URL', async () => {
    open();
    await screen.findByTestId('material-title-21', undefined, slow);
    const header = () => screen.getByRole('columnheader', { name: /Click rate/ });
    fireEvent.click(header());
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ order: 'clickRate-desc' }), slow);
    expect(location()).toBe('/app/1/material/list?order=clickRate-desc');
    fireEvent.click(header());
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ order: 'clickRate-asc' }), slow);
  }, 60_000);

  it('deletes after asking, and creates a message from a passed material only', async () => {
    open();
    fireEvent.click(await screen.findByTestId('material-menu-21', undefined, slow));
    fireEvent.click(await screen.findByTestId('action-delete', undefined, slow));
    expect(await screen.findByText(/moves to the recycle bin/, undefined, slow)).toBeTruthy();
    expect(removed).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(removed).toEqual(['21']), slow);
    // the message says where it went and offers Undo, which restores it
    expect((await screen.findByTestId('material-deleted', undefined, slow)).textContent).toContain(
      'Moved to the recycle bin: restore it there',
    );
    fireEvent.click(screen.getByTestId('material-undo-delete'));
    await waitFor(() => expect(restored).toEqual(['21']), slow);
    expect(await screen.findByText('Restored', undefined, slow)).toBeTruthy();

    fireEvent.click(screen.getByTestId('material-menu-22'));
    const waiting = await screen.findAllByTestId('action-compose', undefined, slow);
    expect(waiting.at(-1)?.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(waiting.at(-1)!);
    expect(location()).toBe('/app/1/material/list');

    fireEvent.click(screen.getByTestId('material-menu-21'));
    const usable = await screen.findAllByTestId('action-compose', undefined, slow);
    fireEvent.click(usable[0]!);
    await waitFor(() => expect(location()).toBe('/app/1/message/editpush?materialId=21'), slow);
  }, 60_000);

  it('reports the messages sent from a material, 20 a page', async () => {
    open();
    fireEvent.click(await screen.findByTestId('material-menu-21', undefined, slow));
    fireEvent.click(await screen.findByTestId('action-report', undefined, slow));
    const dialog = await screen.findByTestId('material-report', undefined, slow);
    expect(await within(dialog).findByText('Spring push', undefined, slow)).toBeTruthy();
    expect(reports).toEqual([{ pageNo: 1, pageSize: 20 }]);
    expect(within(dialog).getByText('Feb 1, 2030, 10:00 AM')).toBeTruthy();
    expect(within(dialog).getByText('5,000')).toBeTruthy();
    expect(within(dialog).getByText('75%')).toBeTruthy();
  }, 60_000);

  it('expands a material with languages to its sub-materials', async () => {
    open();
    await screen.findByTestId('material-title-23', undefined, slow);
    const rowOf = (id: string) => screen.getByTestId(id).closest('tr')!;
    expect(within(rowOf('material-title-21')).queryByRole('button', { name: /expand/i })).toBeNull();
    fireEvent.click(within(rowOf('material-title-23')).getByRole('button', { name: /expand/i }));
    const subs = await screen.findByTestId('material-languages-23', undefined, slow);
    expect(await within(subs).findByText('Soldes', undefined, slow)).toBeTruthy();
  }, 60_000);

  it('says so when the app has no material of the type yet', async () => {
    rows = [];
    open();
    expect((await screen.findByTestId('materials-empty', undefined, slow)).textContent).toContain(
      'No material of this type yet',
    );
  }, 60_000);

  it('imports an .xlsx: refuses an .xls, lists the problems of a sheet, or says how many were imported', async () => {
    open();
    fireEvent.click(await screen.findByTestId('material-import-open', undefined, slow));
    const dialog = await screen.findByTestId('material-import', undefined, slow);
    expect(within(dialog).getByTestId('material-template').getAttribute('href')).toBe(
      '/static/material3.xlsx',
    );
    // the picker offers what the server reads, .xlsx only (an .xls chosen anyway is told to be saved as .xlsx)
    expect(dialog.querySelector('input[type="file"]')!.getAttribute('accept')).toBe(XLSX_ACCEPT);
    // the upload puts a new file input after each pick
    const choose = (name: string) =>
      fireEvent.change(dialog.querySelector('input[type="file"]')!, {
        target: { files: [new File(['x'], name)] },
      });

    choose('old.xls');
    expect(
      (await within(dialog).findByTestId('material-import-refused', undefined, slow)).textContent,
    ).toContain('save it as .xlsx');
    expect(uploads).toBe(0);

    uploadAnswer = {
      created: [],
      problems: [{ row: 4, column: 'C', field: 'Title', message: 'is required' }],
    };
    choose('materials.xlsx');
    const problems = await within(dialog).findByTestId('material-import-problems', undefined, slow);
    expect(within(problems).getByText('is required')).toBeTruthy();
    expect(within(problems).getByText('C')).toBeTruthy();
    expect(within(dialog).getByText('Nothing was imported: 1 cell needs fixing.')).toBeTruthy();

    uploadAnswer = {
      created: [
        { materialId: 31, status: 1 },
        { materialId: 32, status: 1 },
      ],
      problems: [],
    };
    const listed = lists.length;
    choose('materials.xlsx');
    expect(await screen.findByText('2 materials imported', undefined, slow)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('material-import')).toBeNull(), slow);
    await waitFor(() => expect(lists.length).toBeGreaterThan(listed), slow);
  }, 60_000);
});
