import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { base64OfText } from '@beacon/shared';
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
import { MessagesScreen } from './messages-screen';
import { DASH } from './row-figures';

const ROW = messageRow({
  id: 3,
  msgId: 30,
  msgType: 2,
  title: 'Wake up',
  status: 2,
  scheduleType: 2,
  scheduleDate: '2099-01-01 10:00:00',
});
const DETAIL = messageDetail({
  ...ROW,
  data: {
    trans_data: base64OfText('{"action":"refresh"}'),
    enlive_package: 'com.acme.shop',
    enlive_activity: '.OffersActivity',
    enlive_data: base64OfText('{"screen":"offers"}'),
  },
  scheduleUTC: '+0000',
  msgRestrictType: 1,
});

let lists: Array<Record<string, unknown>> = [];
let row: Record<string, unknown> = ROW;

beforeEach(() => {
  lists = [];
  row = ROW;
  stubApi((url, init) => {
    if (url.endsWith('/app/1/info')) return ok(appInfo({ serverUTC: '+0000' }));
    if (url.endsWith('/msg/list')) {
      lists.push(JSON.parse(init?.body as string) as Record<string, unknown>);
      return ok({ results: [row], total: 1 });
    }
    if (url.endsWith('/msg/detail')) return ok(DETAIL);
    return undefined;
  });
});
restoreAfterEach();

describe('MessagesScreen, data/cross', () => {
  it('lists msgType 2 with the kind filter (no material id), exports msgType 2 and links the tabs', async () => {
    renderAt('/app/1/data/cross?kind=pullup', <MessagesScreen appId={1} msgType={2} />);
    await screen.findByTestId('title-30', undefined, slow);
    expect(lists[0]).toMatchObject({ msgType: 2, kind: 'pullup', pageNo: 1, pageSize: 20 });
    expect(lists[0]).not.toHaveProperty('materialId');
    expect(screen.queryByLabelText('Material id')).toBeNull();

    fireEvent.mouseDown(within(screen.getByTestId('filter-kind')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Transparent'));
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ msgType: 2, kind: 'cross' }), slow);
    expect(screen.getByTestId('location').textContent).toBe('/app/1/data/cross?kind=cross');

    cleanup();

    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAt('/app/1/data/cross?begin=2030-01-01&end=2030-01-31', <MessagesScreen appId={1} msgType={2} />);
    fireEvent.click(await screen.findByTestId('export-csv', undefined, slow));
    const anchor = clicks.mock.contexts.at(-1) as HTMLAnchorElement;
    expect(anchor.getAttribute('href')).toBe(
      '/tcm/v1/app/1/msg/export?begin=2030-01-01&end=2030-01-31&tz=%2B0000&msgType=2',
    );
    cleanup();

    renderAt('/app/1/data/cross', <MessagesScreen appId={1} msgType={2} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Notifications' }, slow));
    expect(screen.getByTestId('location').textContent).toBe('/app/1/data/push');
  }, 60_000);

  it('tags a pull-up row and an A/B arm, and edits a pull-up straight on editpullup from the whole list', async () => {
    row = { ...ROW, pullUp: true, parentMsgId: 9 };
    renderAt('/app/1/data/cross', <MessagesScreen appId={1} msgType={2} />);
    expect((await screen.findByTestId('pullup-30', undefined, slow)).textContent).toBe('Pull-up');
    expect(screen.getByTestId('ab-30').getAttribute('href')).toBe('/app/1/data/abtest');
    expect(screen.getByTestId('create-message').textContent).toBe('Create a transparent message');
    fireEvent.click(screen.getByTestId('row-menu-30'));
    fireEvent.click(await screen.findByTestId('action-copy', undefined, slow));
    expect(screen.getByTestId('location').textContent).toBe('/app/1/message/editpullup?id=3&act=copy');
  }, 30_000);

  it('edits a pull-up row on editpullup and shows the decoded content, package, activity and extras', async () => {
    renderAt('/app/1/data/cross?kind=pullup', <MessagesScreen appId={1} msgType={2} />);
    fireEvent.click(await screen.findByTestId('row-menu-30', undefined, slow));
    fireEvent.click(await screen.findByTestId('action-edit', undefined, slow));
    expect(screen.getByTestId('location').textContent).toBe('/app/1/message/editpullup?id=3&act=edit');

    fireEvent.click(screen.getByTestId('title-30'));
    const record = await screen.findByTestId('cross-record', undefined, slow);
    expect(within(record).getByTestId('cross-content').textContent).toBe('{\n  "action": "refresh"\n}');
    expect(within(record).getByText('.OffersActivity')).toBeTruthy();
    expect(within(record).getByTestId('pullup-extras').textContent).toBe('{\n  "screen": "offers"\n}');
  }, 60_000);
});

describe('MessagesScreen, a message linked to a material', () => {
  it('asks whether a copy keeps the link, and builds a material from the message’s record id', async () => {
    row = { ...ROW, msgType: 1, status: 1, materialId: 12 };
    renderAt('/app/1/data/push', <MessagesScreen appId={1} />);
    fireEvent.click(await screen.findByTestId('row-menu-30', undefined, slow));
    fireEvent.click(await screen.findByTestId('action-copy', undefined, slow));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep the link' }, slow));
    expect(screen.getByTestId('location').textContent).toBe(
      '/app/1/message/editpush?id=3&act=copy&materialId=12',
    );
    cleanup();

    renderAt('/app/1/data/push', <MessagesScreen appId={1} />);
    fireEvent.click(await screen.findByTestId('row-menu-30', undefined, slow));
    fireEvent.click(await screen.findByTestId('action-copy', undefined, slow));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy without it' }, slow));
    expect(screen.getByTestId('location').textContent).toBe(
      '/app/1/message/editpush?id=3&act=copy&noMaterial=1',
    );

    fireEvent.click(screen.getByTestId('row-menu-30'));
    fireEvent.click(await screen.findByTestId('action-material', undefined, slow));
    expect(screen.getByTestId('location').textContent).toBe('/app/1/material/create?msgId=3');
  }, 60_000);

  it('writes push times in the console’s date style: a schedule as set, a "now" message in the list’s zone', async () => {
    const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u202f\u00a0]/g, ' ');
    row = { ...ROW, msgType: 1 };
    renderAt('/app/1/data/push', <MessagesScreen appId={1} />);
    const scheduled = (await screen.findByTestId('title-30', undefined, slow)).closest('tr')!;
    expect(plain(scheduled.textContent)).toContain('Jan 1, 2099, 10:00 AM');
    cleanup();

    row = { ...ROW, msgType: 1, scheduleType: 1, scheduleDate: null, createTime: '2030-01-01T00:00:00Z' };
    renderAt('/app/1/data/push?tz=%2B0800', <MessagesScreen appId={1} />);
    const now = (await screen.findByTestId('title-30', undefined, slow)).closest('tr')!;
    expect(plain(now.textContent)).toContain('Jan 1, 2030, 8:00 AM');
    expect(now.textContent).not.toContain('2030-01-01 08:00');
  }, 60_000);

  it('offers Edit and Copy in the detail dialog by the row rules, the copy asking about the link', async () => {
    row = { ...ROW, msgType: 1, materialId: 12 };
    renderAt('/app/1/data/push', <MessagesScreen appId={1} />);
    fireEvent.click(await screen.findByTestId('title-30', undefined, slow));
    fireEvent.click(await screen.findByTestId('detail-edit', undefined, slow));
    expect(screen.getByTestId('location').textContent).toBe('/app/1/message/editpush?id=3&act=edit');
    cleanup();

    // a sent message is copied, not edited
    row = { ...ROW, msgType: 1, status: 1, materialId: 12 };
    renderAt('/app/1/data/push', <MessagesScreen appId={1} />);
    fireEvent.click(await screen.findByTestId('title-30', undefined, slow));
    fireEvent.click(await screen.findByTestId('detail-copy', undefined, slow));
    expect(screen.queryByTestId('detail-edit')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy without it' }, slow));
    expect(screen.getByTestId('location').textContent).toBe(
      '/app/1/message/editpush?id=3&act=copy&noMaterial=1',
    );
  }, 60_000);
});

describe('MessagesScreen, the filter bar and the export', () => {
  it('keeps what was typed across a render, and exports (and lists) the filters the bar shows', async () => {
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAt('/app/1/data/push?begin=2030-01-01&end=2030-01-31', <MessagesScreen appId={1} />);
    const title = await screen.findByRole('textbox', { name: 'Description' }, slow);
    fireEvent.change(title, { target: { value: '  Flash sale ' } });
    // a render that changes no applied filter (here the conversion column) leaves the typed title alone
    fireEvent.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('conv=1'), slow);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Description' }).value).toBe(
      '  Flash sale ',
    );

    fireEvent.click(screen.getByTestId('export-csv'));
    const anchor = clicks.mock.contexts.at(-1) as HTMLAnchorElement;
    expect(anchor.getAttribute('href')).toBe(
      '/tcm/v1/app/1/msg/export?begin=2030-01-01&end=2030-01-31&tz=%2B0000&msgType=1&title=Flash+sale',
    );
    // the list shows what the file holds
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ title: 'Flash sale', pageNo: 1 }), slow);
  }, 60_000);
});

describe('MessagesScreen, a message that has not started', () => {
  it('shows a dash for every count and rate of a message in review, where a sent one shows its figures', async () => {
    row = messageRow({ ...ROW, msgType: 1, status: 11, pushCount: 20_000, targetCount: 20_000 });
    renderAt('/app/1/data/push', <MessagesScreen appId={1} />);
    const reached = await screen.findByTestId('reached-30', undefined, slow);
    // the eight figure columns after the description and the creator
    const cells = [...reached.closest('tr')!.querySelectorAll('td')].slice(3, 11);
    expect(cells.map((c) => c.textContent)).toEqual(Array(8).fill(DASH));
    cleanup();

    row = messageRow({ ...ROW, msgType: 1, status: 1, pushCount: 20, targetCount: 20, dispatchCount: 18 });
    renderAt('/app/1/data/push', <MessagesScreen appId={1} />);
    expect((await screen.findByTestId('dispatched-30', undefined, slow)).textContent).toBe('18');
    expect(screen.getByTestId('reached-30').textContent).toBe('0');
  }, 60_000);
});

describe('MessagesScreen, stopping', () => {
  it('says a scheduled message will not be sent at all, and a sending one that the devices not reached miss it', async () => {
    row = messageRow({ ...ROW, msgType: 1 });
    renderAt('/app/1/data/push', <MessagesScreen appId={1} />);
    fireEvent.click(await screen.findByTestId('row-menu-30', undefined, slow));
    fireEvent.click(await screen.findByTestId('action-stop', undefined, slow));
    expect(
      await screen.findByText('Stop “Wake up”? It has not started: no device will get it.'),
    ).toBeTruthy();
    cleanup();

    row = messageRow({ ...ROW, msgType: 1, status: 4 });
    renderAt('/app/1/data/push', <MessagesScreen appId={1} />);
    fireEvent.click(await screen.findByTestId('row-menu-30', undefined, slow));
    fireEvent.click(await screen.findByTestId('action-stop', undefined, slow));
    expect(
      await screen.findByText('Stop sending “Wake up”? Devices not reached yet will not get it.'),
    ).toBeTruthy();
  }, 60_000);
});
