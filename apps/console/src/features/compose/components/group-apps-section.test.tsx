import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  appInfo,
  APP_GROUP as GROUP,
  DICTS,
  GROUP_COUNTS as COUNTS,
  ok,
  restoreAfterEach,
  slow,
  stubApi,
} from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { ComposeScreen } from './compose-screen';

let saved: Array<Record<string, unknown>> = [];
let countBodies: Array<Record<string, unknown>> = [];

beforeEach(() => {
  saved = [];
  countBodies = [];
  stubApi((url, init) => {
    if (url.endsWith('/app/1/info')) return ok(appInfo());
    if (url.endsWith('/app/1/icon')) return ok({ icon: '/files/icon.png', color: '#1A73E8' });
    if (url.includes('/dict/1/all')) return ok(DICTS);
    if (url.endsWith('/group/list')) return ok({ groups: [GROUP] });
    if (url.endsWith('/msg/target/max')) return ok({ newCount: 1234, exact: true });
    if (url.endsWith('/msg/group/count')) {
      countBodies.push(JSON.parse(init?.body as string) as Record<string, unknown>);
      return ok({ counts: COUNTS });
    }
    if (url.endsWith('/msg/save')) {
      saved.push(JSON.parse(init?.body as string) as Record<string, unknown>);
      return ok({ id: 7, msgId: 70, status: 0 });
    }
    return undefined;
  });
});
restoreAfterEach();

const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const errorOf = (id: string) =>
  field(id).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';

async function pickGroup() {
  const select = within(await screen.findByTestId('app-group-select', undefined, slow)).getByRole('combobox');
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByTitle('Acme family', undefined, slow));
  await screen.findByTestId('group-apps', undefined, slow);
  // the rows come with the group's counts (msg/group/count)
  await screen.findByTestId('group-app-2', undefined, slow);
}

describe('compose: the apps picker of an app-group send', () => {
  it('counts the audience per app, sends the ticked apps with their counts, and refuses none ticked', async () => {
    renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
    await screen.findByText('New notification', undefined, slow);
    fireEvent.change(field('description'), { target: { value: 'Family sale' } });
    fireEvent.change(field('title'), { target: { value: 'Half price' } });
    fireEvent.change(field('desc'), { target: { value: 'Today only' } });
    fireEvent.change(field('openContent'), { target: { value: 'shop://sale' } });
    await waitFor(() => expect(field('pushCount').value).toBe('1234'), slow);
    await pickGroup();
    await waitFor(() => expect(countBodies.at(-1)).toMatchObject({ appGroupId: 5, targetingType: 0 }), slow);
    const table = screen.getByTestId('group-apps');
    // the composing app is not offered; an app that reviews its messages cannot be ticked
    expect(within(table).queryByText('Acme Shop')).toBeNull();
    expect(within(table).getByText('Reviews its messages')).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('group-app-4').disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /Review and send/ }));
    await waitFor(
      () => expect(errorOf('groupCounts')).toBe('Tick at least one other app, or choose “This app only”'),
      slow,
    );
    expect(saved).toEqual([]);

    fireEvent.click(screen.getByTestId('group-app-2'));
    fireEvent.click(screen.getByTestId('group-app-3'));
    const pro = screen.getByTestId('group-count-3');
    await waitFor(() => expect((pro as HTMLInputElement).value).toBe('300'), slow);
    fireEvent.change(pro, { target: { value: '120' } });
    fireEvent.blur(pro);

    fireEvent.click(screen.getByRole('button', { name: /Review and send/ }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    const apps = within(dialog).getByTestId('confirm-apps');
    expect(apps.textContent).toContain('Acme Lite');
    expect(apps.textContent).toContain('800');
    expect(apps.textContent).toContain('Acme Pro');
    expect(apps.textContent).toContain('120');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    expect(saved[0]).toMatchObject({
      pushCount: 1234,
      appGroupId: 5,
      groupCounts: [
        { appId: 2, pushCount: 800 },
        { appId: 3, pushCount: 120 },
      ],
    });
  }, 60_000);

  // the inputs' min / max set -5 to 0 and an app's 5000 to its audience (300) on blur, without a word
  it('keeps an out-of-range push count and an app’s count as typed, and names the range', async () => {
    renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
    await screen.findByText('New notification', undefined, slow);
    await waitFor(() => expect(field('pushCount').value).toBe('1234'), slow);
    fireEvent.change(field('pushCount'), { target: { value: '-5' } });
    fireEvent.blur(field('pushCount'));
    await waitFor(() => expect(errorOf('pushCount')).toBe('Must be greater than 0'), slow);
    expect(field('pushCount').value).toBe('-5');

    await pickGroup();
    fireEvent.click(screen.getByTestId('group-app-3'));
    const pro = screen.getByTestId<HTMLInputElement>('group-count-3');
    await waitFor(() => expect(pro.value).toBe('300'), slow);
    fireEvent.change(pro, { target: { value: '5000' } });
    fireEvent.blur(pro);
    await waitFor(
      () => expect(errorOf('groupCounts')).toBe('Acme Pro: a whole number from 1 to 300 (its audience)'),
      slow,
    );
    expect(pro.value).toBe('5000');
    fireEvent.change(pro, { target: { value: '0' } });
    fireEvent.blur(pro);
    await waitFor(
      () => expect(errorOf('groupCounts')).toBe('Acme Pro: a whole number from 1 to 300 (its audience)'),
      slow,
    );
    expect(pro.value).toBe('0');
    fireEvent.change(pro, { target: { value: '120' } });
    fireEvent.blur(pro);
    await waitFor(() => expect(errorOf('groupCounts')).toBe(''), slow);
  }, 60_000);

  it('a saved user group clears the picker and says so', async () => {
    renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
    await screen.findByText('New notification', undefined, slow);
    await pickGroup();
    fireEvent.click(screen.getByTestId('group-app-2'));
    fireEvent.click(screen.getByRole('radio', { name: /A saved user group/ }));
    await screen.findByText(
      'The apps picker was cleared: this targeting belongs to this app alone',
      undefined,
      slow,
    );
    await waitFor(() => expect(screen.queryByTestId('group-apps')).toBeNull(), slow);
    expect(screen.getByText(/App-group sends target everyone/)).toBeTruthy();
  }, 60_000);
});
