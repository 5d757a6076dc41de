import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { appInfo, messageRow, ok, restoreAfterEach, slow, stubApi } from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { MessagesScreen } from './messages-screen';

const CHILD = {
  msgId: 41,
  appId: 2,
  appTitle: 'Acme Lite',
  pkg: 'com.acme.lite',
  status: 1,
  pushCount: 800,
  targetCount: 800,
  dispatchCount: 790,
  arriveAll: 700,
  show: 500,
  click: 60,
};
// a group send's parent waiting for its time: stop is allowed
const PARENT = messageRow({
  id: 40,
  msgId: 40,
  msgType: 1,
  title: 'Family sale',
  status: 2,
  scheduleType: 2,
  scheduleDate: '2099-01-01 10:00:00',
  appGroupId: 5,
  appGroupParentMsgId: null,
  groupScope: true,
  groupChildren: [CHILD],
});

let rows: Array<Record<string, unknown>> = [];
let stops: string[] = [];

beforeEach(() => {
  rows = [PARENT];
  stops = [];
  stubApi((url) => {
    if (url.endsWith('/app/1/info')) return ok(appInfo({ serverUTC: '+0000' }));
    if (url.endsWith('/msg/list')) return ok({ results: rows, total: rows.length });
    if (url.includes('/stop')) {
      stops.push(url);
      return ok({});
    }
    return undefined;
  });
});
restoreAfterEach();

async function stopRow(msgId: number) {
  fireEvent.click(await screen.findByTestId(`row-menu-${msgId}`, undefined, slow));
  fireEvent.click(await screen.findByTestId('action-stop', undefined, slow));
  return screen.findByRole('dialog', {}, slow);
}

describe('MessagesScreen: app-group sends', () => {
  it('tags the group row, lists its other apps under it, and stops the whole group when asked', async () => {
    renderAt('/app/1/data/push', <MessagesScreen appId={1} msgType={1} />);
    expect((await screen.findByTestId('group-40', undefined, slow)).textContent).toBe('Group');
    fireEvent.click(screen.getByRole('button', { name: /expand row/i }));
    const children = await screen.findByTestId('group-children', undefined, slow);
    expect(within(children).getByText('Acme Lite')).toBeTruthy();
    expect(within(children).getByText('790')).toBeTruthy();

    const dialog = await stopRow(40);
    const scope = within(dialog).getByTestId('scope-choice');
    // the scope starts at this message
    expect(within(scope).getByRole('radio', { name: 'This message only' })).toHaveProperty('checked', true);
    fireEvent.click(within(scope).getByRole('radio', { name: 'Every message of the app-group send' }));
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(stops).toEqual(['/tcm/v1/app/1/msg/40/stop?group=1']), slow);
  }, 60_000);

  it('acts on the one message when the reader may not act on every app of the group, and says so', async () => {
    rows = [{ ...PARENT, groupScope: false, groupChildren: [] }];
    renderAt('/app/1/data/push', <MessagesScreen appId={1} msgType={1} />);
    const dialog = await stopRow(40);
    expect(within(dialog).queryByTestId('scope-choice')).toBeNull();
    expect(within(dialog).getByText(/This reaches this message only/)).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(stops).toEqual(['/tcm/v1/app/1/msg/40/stop']), slow);
  }, 60_000);
});
