import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
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

// waits for its time and targets an audience package (dmpCustomize)
const ROW = messageRow({
  id: 3,
  msgId: 30,
  msgType: 1,
  title: 'Package sale',
  status: 2,
  scheduleType: 2,
  scheduleDate: '2099-01-01 10:00:00',
  targetingType: 1,
  audiencePackage: true,
});

let dmp = false;

beforeEach(() => {
  dmp = false;
  stubApi((url) => {
    if (url.endsWith('/app/1/info')) return ok(appInfo({ serverUTC: '+0000', commercialEnable: dmp }));
    if (url.endsWith('/msg/list')) return ok({ results: [ROW], total: 1 });
    if (url.endsWith('/msg/detail')) return ok(messageDetail({ ...ROW, scheduleUTC: '+0000' }));
    return undefined;
  });
});
restoreAfterEach();

const open = () => renderAt('/app/1/data/push', <MessagesScreen appId={1} />);

describe('the closed data-platform target in the records', () => {
  it('hides Edit and Copy of a message targeting an audience package while the app’s DMP switch is off', async () => {
    open();
    fireEvent.click(await screen.findByTestId('row-menu-30', undefined, slow));
    expect(await screen.findByTestId('action-detail', undefined, slow)).toBeTruthy();
    expect(await screen.findByTestId('action-cancel', undefined, slow)).toBeTruthy();
    expect(screen.queryByTestId('action-edit')).toBeNull();
    expect(screen.queryByTestId('action-copy')).toBeNull();
    cleanup();

    // the detail dialog offers what the row menu offers
    open();
    fireEvent.click(await screen.findByTestId('title-30', undefined, slow));
    expect(await screen.findByTestId('message-detail', undefined, slow)).toBeTruthy();
    expect(screen.queryByTestId('detail-edit')).toBeNull();
    expect(screen.queryByTestId('detail-copy')).toBeNull();
  }, 60_000);

  it('offers them again once the switch is on', async () => {
    dmp = true;
    open();
    fireEvent.click(await screen.findByTestId('title-30', undefined, slow));
    await waitFor(() => expect(screen.getByTestId('detail-edit')).toBeTruthy(), slow);
    expect(screen.getByTestId('detail-copy')).toBeTruthy();
  }, 60_000);
});
