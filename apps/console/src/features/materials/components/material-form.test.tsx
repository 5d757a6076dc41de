import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { base64OfText } from '@beacon/shared';
import {
  appInfo,
  DICTS,
  errorOf,
  field,
  json,
  materialDetail,
  messageDetail,
  ok,
  restoreAfterEach,
  slow,
  stubApi,
} from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { typeJson } from '../../../test/json-editor';
import { MaterialsScreen } from './materials-screen';

type Body = Record<string, unknown>;
let saves: Array<{ url: string; body: Body }> = [];
let messageBodies: Body[] = [];
let answer: (() => Response) | undefined;
let reviewEnable = false;

beforeEach(() => {
  saves = [];
  messageBodies = [];
  answer = undefined;
  reviewEnable = false;
  stubApi((url, init) => {
    if (url.endsWith('/app/1/info')) return ok(appInfo({ materialReviewEnable: reviewEnable }));
    if (url.endsWith('/user/login/status'))
      return ok({ email: 'o@example.com', ulevel: 0, source: 2, description: '' });
    if (url.endsWith('/app/1/icon')) return ok({ icon: '/files/icon.png', color: '#1A73E8' });
    if (url.includes('/dict/1/all')) return ok(DICTS);
    if (url.endsWith('/material/21/detail')) return ok(materialDetail());
    if (url.endsWith('/msg/detail')) {
      messageBodies.push(JSON.parse(init?.body as string) as Body);
      return ok(
        messageDetail({
          id: 3,
          msgId: 30,
          msgType: 1,
          title: 'Weekend push',
          status: 1,
          scheduleType: 1,
          scheduleDate: null,
          scheduleUTC: '+0000',
          data: { noti_type: 3, noti_title: 'Weekend', noti_desc: 'Sale', noti_icon: '/files/big.png' },
        }),
      );
    }
    if (url.endsWith('/material/create') || url.endsWith('/material/21/edit')) {
      saves.push({ url: url.replace(/^.*\/material\//, ''), body: JSON.parse(init?.body as string) as Body });
      return answer ? answer() : ok({ materialId: 40, status: reviewEnable ? 3 : 1 });
    }
    return undefined;
  });
});
restoreAfterEach();

const open = (url = '/app/1/material/create') => renderAt(url, <MaterialsScreen appId={1} tab="create" />);
const location = () => screen.getByTestId('location').textContent;
const submit = () => fireEvent.click(screen.getByRole('button', { name: /Review and (create|save)/ }));
const change = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });

async function confirm() {
  const dialog = await screen.findByTestId('material-confirm', undefined, slow);
  fireEvent.click(within(dialog).getByTestId('material-confirm-ok'));
  return dialog;
}

describe('MaterialsScreen, create and edit', () => {
  it('puts every problem at its field, then creates a system-design material after its confirmation', async () => {
    open();
    await screen.findByText('New material', undefined, slow);
    submit();
    await waitFor(() => expect(errorOf('description')).toBe('Required'), slow);
    expect(errorOf('title')).toBe('Required');
    expect(errorOf('desc')).toBe('Required');
    expect(errorOf('openContent')).toBe('Required');

    change('description', 'Spring template');
    change('attribute', 'spring');
    change('title', 'Half price');
    change('desc', 'Until midnight');
    change('openContent', 'https://acme.example/sale');
    await waitFor(
      () => expect(errorOf('openContent')).toBe('Must be a page or deep link, not an http(s) link'),
      slow,
    );
    change('openContent', 'shop://sale');
    fireEvent.mouseDown(field('pushCountrySet'));
    change('pushCountrySet', 'France');
    fireEvent.click(await screen.findByTitle('France (FR)', undefined, slow));
    submit();
    const dialog = await confirm();
    expect(within(dialog).getByTestId('confirm-push').textContent).toContain('France');
    expect(within(dialog).queryByTestId('material-confirm-review')).toBeNull();
    await waitFor(() => expect(saves).toHaveLength(1), slow);
    expect(saves[0]).toEqual({
      url: 'create',
      body: {
        materialType: 1,
        title: 'Spring template',
        attribute: 'spring',
        data: {
          noti_type: 1,
          noti_title: 'Half price',
          noti_desc: 'Until midnight',
          noti_small_icon: '/files/icon.png',
          noti_small_icon_color: '#1A73E8',
          noti_icon: '',
          noti_btn: '',
          noti_ex_type: 1,
          noti_txt_ex: '',
          noti_img_ex: '',
          noti_optional_icon: '',
          noti_open_type: 1,
          noti_open_content: 'shop://sale',
        },
        multiLangEnable: false,
        multiLangContent: [],
        nationalAttributes: { pushCountrySet: ['FR'], notPushCountrySet: [] },
        contentCreateType: 0,
      },
    });
    expect(await screen.findByText('Material saved', undefined, slow)).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/app/1/material/list'), slow);
  }, 60_000);

  it('creates a cross material (type 3) from its JSON; with review on, the confirmation says it waits', async () => {
    reviewEnable = true;
    open();
    await screen.findByText('New material', undefined, slow);
    fireEvent.click(within(screen.getByTestId('material-kind')).getByText('Cross message'));
    await screen.findByRole('textbox', { name: 'Content (JSON)' }, slow);
    change('description', 'Refresh data');
    submit();
    await waitFor(() => expect(errorOf('crossJson')).toBe('Required'), slow);
    typeJson(document, '{"action":"refresh"}');
    submit();
    const dialog = await confirm();
    expect(within(dialog).getByTestId('material-confirm-review').textContent).toContain('wait for review');
    await waitFor(() => expect(saves).toHaveLength(1), slow);
    expect(saves[0]?.body).toMatchObject({
      materialType: 3,
      title: 'Refresh data',
      data: { trans_data: base64OfText('{"action":"refresh"}') },
      multiLangEnable: false,
      multiLangContent: [],
    });
    expect(await screen.findByText('Material saved: it waits for review', undefined, slow)).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/app/1/material/list?materialType=3'), slow);
  }, 60_000);

  it('edits with the type locked, puts a refused field at its field and says when the content exists', async () => {
    open('/app/1/material/create?materialId=21&act=edit');
    await screen.findByText('Edit material #21', undefined, slow);
    expect(field('description').value).toBe('Spring template');
    expect(field('title').value).toBe('Half price');
    const kinds = within(screen.getByTestId('material-kind')).getAllByRole('radio');
    expect(kinds.every((r) => (r as HTMLInputElement).disabled)).toBe(true);
    const designs = field('design').closest('.ant-form-item')!.querySelectorAll('input[type="radio"]');
    expect([...designs].every((r) => (r as HTMLInputElement).disabled)).toBe(true);

    answer = () =>
      json(200, {
        status: 400,
        msg: 'parameter illegal',
        data: { fields: [{ field: 'data.noti_title', message: 'is refused by the server' }] },
      });
    submit();
    await confirm();
    await waitFor(() => expect(errorOf('title')).toBe('is refused by the server'), slow);
    expect(saves[0]).toMatchObject({ url: '21/edit', body: { materialType: 1, title: 'Spring template' } });

    answer = () => json(200, { status: 25103, msg: 'Material content already exists', data: null });
    change('title', 'Half price again');
    submit();
    await confirm();
    expect(await screen.findByText('Material content already exists', undefined, slow)).toBeTruthy();
    expect(location()).toBe('/app/1/material/create?materialId=21&act=edit');
  }, 60_000);

  it('builds a material from a message (msgId, the id the message detail takes)', async () => {
    open('/app/1/material/create?msgId=3');
    await screen.findByText('New material from message 30', undefined, slow);
    expect(messageBodies[0]).toEqual({ id: 3 });
    expect(field('description').value).toBe('Weekend push');
    expect(field('title').value).toBe('Weekend');
    change('openContent', 'shop://weekend');
    submit();
    await confirm();
    await waitFor(() => expect(saves).toHaveLength(1), slow);
    expect(saves[0]?.body).toMatchObject({
      materialType: 2,
      msgId: 30,
      data: { noti_type: 3, noti_icon: '/files/big.png' },
    });
  }, 60_000);
});
