import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { base64OfText } from '@beacon/shared';
import {
  appInfo,
  DICTS,
  field,
  json,
  materialDetail,
  ok,
  restoreAfterEach,
  slow,
  stubApi,
} from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { ComposeScreen } from './compose-screen';

let saved: Array<Record<string, unknown>> = [];

beforeEach(() => {
  saved = [];
  stubApi((url, init) => {
    if (url.endsWith('/app/1/info')) return ok(appInfo());
    if (url.endsWith('/app/1/icon')) return ok({ icon: '/files/default.png', color: '' });
    if (url.includes('/dict/1/all')) return ok(DICTS);
    if (url.endsWith('/msg/target/max')) return ok({ newCount: 1234, exact: true });
    if (url.endsWith('/material/21/detail'))
      return ok(
        materialDetail({ nationalAttributes: { pushCountrySet: ['FR'], notPushCountrySet: ['DE'] } }),
      );
    if (url.endsWith('/material/22/detail')) return ok(materialDetail({ materialId: 22, status: 3 }));
    if (url.endsWith('/material/23/detail'))
      return ok(
        materialDetail({ materialId: 23, materialType: 3, data: { trans_data: base64OfText('{"a":1}') } }),
      );
    if (url.endsWith('/material/24/detail'))
      return json(200, { status: 25102, msg: 'Material does not exist', data: null });
    if (url.endsWith('/msg/save')) {
      saved.push(JSON.parse(init?.body as string) as Record<string, unknown>);
      return ok({ id: 7, msgId: 70, status: 0 });
    }
    return undefined;
  });
});
restoreAfterEach();

const open = (materialId: number, kind: 'notification' | 'cross' = 'notification') =>
  renderAt(
    `/app/1/message/${kind === 'cross' ? 'editcross' : 'editpush'}?materialId=${materialId}`,
    <ComposeScreen appId={1} materialId={materialId} kind={kind} />,
  );

async function send() {
  await waitFor(() => expect(field('pushCount').value).toBe('1234'), slow);
  fireEvent.click(screen.getByRole('button', { name: /Review and send/ }));
  const dialog = await screen.findByRole('dialog', {}, slow);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(saved).toHaveLength(1), slow);
}

describe('ComposeScreen with a material', () => {
  it('takes the content of a passed material, shows its national attributes and sends its id', async () => {
    open(21);
    const card = await screen.findByTestId('compose-material', undefined, slow);
    expect(card.textContent).toContain('From material #21');
    expect(within(card).getByTestId('material-push').textContent).toContain('France');
    expect(within(card).getByTestId('material-not-push').textContent).toContain('Germany');
    expect(field('description').value).toBe('Spring template');
    expect(field('title').value).toBe('Half price');
    expect(field('openContent').value).toBe('shop://sale');
    await send();
    expect(saved[0]).toMatchObject({
      materialId: 21,
      title: 'Spring template',
      data: { noti_type: 1, noti_title: 'Half price', noti_small_icon: '/files/icon.png' },
    });
  }, 60_000);

  it('warns about a material that is not passed, or gone, and composes without it', async () => {
    open(22);
    expect((await screen.findByTestId('material-refused', undefined, slow)).textContent).toContain(
      'Material #22 is not passed',
    );
    expect(screen.queryByTestId('compose-material')).toBeNull();
    expect(field('title').value).toBe('');
    fireEvent.change(field('description'), { target: { value: 'Plain' } });
    fireEvent.change(field('title'), { target: { value: 'Hello' } });
    fireEvent.change(field('desc'), { target: { value: 'World' } });
    fireEvent.change(field('openContent'), { target: { value: 'shop://home' } });
    await send();
    expect(saved[0]).not.toHaveProperty('materialId');
  }, 60_000);

  it('says a missing material was not found', async () => {
    open(24);
    expect((await screen.findByTestId('material-refused', undefined, slow)).textContent).toContain(
      'Material #24 was not found',
    );
  }, 60_000);

  it('opens a cross material on the cross screen', async () => {
    open(23);
    await waitFor(
      () => expect(screen.getByTestId('location').textContent).toBe('/app/1/message/editcross?materialId=23'),
      slow,
    );
  }, 60_000);
});
