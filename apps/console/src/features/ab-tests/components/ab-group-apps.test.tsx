import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  APP_GROUP,
  appInfo,
  DICTS,
  field,
  GROUP_COUNTS,
  ok,
  restoreAfterEach,
  slow,
  stubApi,
} from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { AbComposeScreen } from './ab-compose-screen';

let saved: Array<Record<string, unknown>> = [];

beforeEach(() => {
  saved = [];
  stubApi((url, init) => {
    if (url.endsWith('/app/1/info')) return ok(appInfo());
    if (url.endsWith('/app/1/icon')) return ok({ icon: '/files/icon.png', color: '#1A73E8' });
    if (url.includes('/dict/1/all')) return ok(DICTS);
    if (url.endsWith('/group/list')) return ok({ groups: [APP_GROUP] });
    if (url.endsWith('/msg/target/max')) return ok({ newCount: 1234, exact: true });
    if (url.endsWith('/msg/group/count')) return ok({ counts: GROUP_COUNTS });
    if (url.endsWith('/msg/abtest/create')) {
      saved.push(JSON.parse(init?.body as string) as Record<string, unknown>);
      return ok({ id: 5, msgId: 5, status: 0 });
    }
    return undefined;
  });
});
restoreAfterEach();

const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });

describe('A/B test: the apps picker of an app-group send', () => {
  it('shows what each arm takes of every app’s audience and sends the test to the ticked apps', async () => {
    renderAt('/app/1/message/editabtest', <AbComposeScreen appId={1} />);
    await screen.findByText('New A/B test', undefined, slow);
    type('description', 'Family copy');
    type('armA_title', 'Half price');
    type('armA_desc', 'Today only');
    type('armA_openContent', 'shop://sale');
    type('armB_title', '50 % off');
    type('armB_desc', 'Until midnight');
    type('armB_openContent', 'shop://deals');
    type('abPercent', '15');

    const select = within(await screen.findByTestId('app-group-select', undefined, slow)).getByRole(
      'combobox',
    );
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('Acme family', undefined, slow));
    await screen.findByTestId('group-app-2', undefined, slow);
    // each arm takes 15 % of every app's own audience: no count to set per app
    expect(screen.getByTestId('group-arm-2').textContent).toBe('≈120');
    expect(screen.getByTestId('group-arm-3').textContent).toBe('≈45');
    expect(screen.queryByTestId('group-count-2')).toBeNull();
    fireEvent.click(screen.getByTestId('group-app-2'));

    fireEvent.click(screen.getByRole('button', { name: /Review and send/ }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByTestId('confirm-apps').textContent).toContain('Acme Lite');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    expect(saved[0]).toMatchObject({
      msgType: 4,
      appGroupId: 5,
      groupCounts: [{ appId: 2, pushCount: 800 }],
      childMsgs: [
        { groupTag: 'A', groupPercent: 15 },
        { groupTag: 'B', groupPercent: 15 },
      ],
    });
  }, 120_000);
});
