import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type JourneyDetail, type JourneyRow } from '@beacon/shared';
import { appInfo, ok, restoreAfterEach, slow, stubApi } from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { journeyDetail, journeyRow } from './journey-fixtures';
import { JourneysScreen } from './journeys-screen';

let calls: Array<{ url: string; body: unknown }> = [];
let rows: JourneyRow[] = [];
let detail: JourneyDetail = journeyDetail();

beforeEach(() => {
  calls = [];
  rows = [journeyRow()];
  detail = journeyDetail();
  stubApi((url, init) => {
    calls.push({ url, body: init?.body ? JSON.parse(init.body as string) : undefined });
    if (url.endsWith('/app/1/info')) return ok(appInfo({ serverUTC: '+0000' }));
    if (url.endsWith('/msg/flow/canvas/list')) return ok({ msgs: rows, total: rows.length });
    if (url.endsWith('/msg/flow/canvas/5/detail')) return ok(detail);
    if (url.includes('/msg/flow/canvas/5/approve')) return ok({ id: 5, msgId: 5, status: 2 });
    if (url.endsWith('/msg/flow/canvas/5/delete')) return ok({ msgId: 5 });
    if (url.endsWith('/msg/flow/canvas/5/stop')) return ok({ msgId: 5 });
    if (url.endsWith('/msg/flow/canvas/5/reCalc')) return ok({ id: 5, msgId: 5, status: 19 });
    return undefined;
  });
});
restoreAfterEach();
const posted = (suffix: string) => calls.filter((c) => c.url.endsWith(suffix));

const openMenu = async () => {
  fireEvent.click(await screen.findByTestId('journey-menu-5', undefined, slow));
  return screen.findByRole('menu', {}, slow);
};

describe('JourneysScreen, data/canvas', () => {
  it('lists the journeys 20 a page with the filters in the URL, under their tab', async () => {
    renderAt('/app/1/data/canvas?desc=Onb&page=2', <JourneysScreen appId={1} />);
    await screen.findByTestId('journey-title-5', undefined, slow);
    expect(posted('/msg/flow/canvas/list')[0]?.body).toEqual({
      desc: 'Onb',
      tz: '+0000',
      pageNo: 2,
      pageSize: 20,
    });
    expect(screen.getByRole('tab', { name: 'Journeys', selected: true })).toBeTruthy();
    const table = screen.getByTestId('journey-table');
    expect(within(table).getByText('0 / 12,345')).toBeTruthy();
    expect(within(table).getByTestId('status-tag').getAttribute('data-status')).toBe('18');

    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'Spring' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/app/1/data/canvas?desc=Spring'),
    );
  }, 60_000);

  it.each([
    [18, ['View', 'Edit', 'Copy', 'Confirm send', 'Delete']],
    [20, ['View', 'Edit', 'Copy', 'Reload estimate', 'Delete']],
    [19, ['View', 'Copy']],
    [4, ['View', 'Copy', 'Stop']],
    [1, ['View', 'Copy', 'Delete']],
  ])(
    'offers for status %i: %j',
    async (status, expected) => {
      rows = [journeyRow({ status })];
      renderAt('/app/1/data/canvas', <JourneysScreen appId={1} />);
      const menu = await openMenu();
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((i) => i.textContent),
      ).toEqual(expected);
    },
    60_000,
  );

  it('hides the counts while the estimate is counted', async () => {
    rows = [journeyRow({ status: 19, targetCount: 0 })];
    renderAt('/app/1/data/canvas', <JourneysScreen appId={1} />);
    await screen.findByTestId('journey-title-5', undefined, slow);
    expect(within(screen.getByTestId('journey-table')).getByText('Counting…')).toBeTruthy();
  }, 60_000);

  it('deletes a journey after a confirmation', async () => {
    rows = [journeyRow({ status: 3 })];
    renderAt('/app/1/data/canvas', <JourneysScreen appId={1} />);
    fireEvent.click(within(await openMenu()).getByText('Delete'));
    await screen.findByText(
      'Delete “Onboarding” and its steps? They disappear from this list.',
      undefined,
      slow,
    );
    expect(posted('/msg/flow/canvas/5/delete')).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(posted('/msg/flow/canvas/5/delete')).toHaveLength(1), slow);
  }, 60_000);

  it('opens the confirmation of ?id=&act=confirm with each step’s estimate, and confirms', async () => {
    renderAt('/app/1/data/canvas?id=5&act=confirm', <JourneysScreen appId={1} />);
    expect((await screen.findByTestId('estimate-thanks', undefined, slow)).textContent).toBe('321');
    expect(screen.getByTestId('estimate-welcome').textContent).toBe('12,345');
    fireEvent.click(screen.getByTestId('preview-confirm'));
    await waitFor(
      () => expect(calls.filter((c) => c.url.includes('/canvas/5/approve'))).toHaveLength(1),
      slow,
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/1/data/canvas'), slow);
  }, 60_000);

  it('shows why the estimate failed and counts it again', async () => {
    detail = journeyDetail({ status: 20, error: 'No device matches' });
    renderAt('/app/1/data/canvas?id=5&act=confirm', <JourneysScreen appId={1} />);
    expect((await screen.findByTestId('preview-error', undefined, slow)).textContent).toContain(
      'No device matches',
    );
    expect(screen.getByTestId('preview-confirm').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('preview-reload'));
    await waitFor(() => expect(posted('/msg/flow/canvas/5/reCalc')).toHaveLength(1), slow);
  }, 60_000);

  it('opens the canvas of ?id=&act=view in view mode', async () => {
    renderAt('/app/1/data/canvas?id=5&act=view', <JourneysScreen appId={1} />);
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/app/1/message/editcanvas?id=5&act=view'),
    );
  });

  it('says so when there is no journey yet', async () => {
    rows = [];
    renderAt('/app/1/data/canvas', <JourneysScreen appId={1} />);
    expect(await screen.findByTestId('journey-empty', undefined, slow)).toBeTruthy();
  }, 60_000);
});
