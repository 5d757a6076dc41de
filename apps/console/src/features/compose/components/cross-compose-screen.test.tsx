import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { base64OfText, textOfBase64 } from '@beacon/shared';
import {
  appInfo,
  DICTS,
  errorOf,
  field,
  json,
  messageDetail,
  ok,
  restoreAfterEach,
  slow,
  stubApi,
} from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { ComposeScreen } from './compose-screen';
import { typeJson } from '../../../test/json-editor';

/** what a test changes of the saved message's detail besides its data (its schedule) */
let detailExtra: Record<string, unknown> = {};
const detail = (data: Record<string, unknown>) =>
  messageDetail({
    id: 9,
    msgId: 90,
    msgType: 2,
    title: 'Refresh the feed',
    status: 0,
    scheduleType: 1,
    scheduleDate: null,
    scheduleUTC: '+0800',
    msgDisplayPrior: 3,
    pullUp: 'enlive_package' in data,
    data,
    ...detailExtra,
  });

let saved: Array<Record<string, unknown>> = [];
let detailData: Record<string, unknown> = {};
let saveAnswer: (() => Response) | undefined;

beforeEach(() => {
  saved = [];
  saveAnswer = undefined;
  detailExtra = {};
  detailData = { trans_data: base64OfText('{"action":"refresh","id":42}'), noti_layout_id: 3 };
  stubApi((url, init) => {
    if (url.endsWith('/app/1/info'))
      return ok(appInfo({ multiLangEnable: true, displayPriorityEnable: true }));
    if (url.endsWith('/app/1/icon')) return ok({ icon: '', color: '' });
    if (url.includes('/dict/1/all')) return ok(DICTS);
    if (url.endsWith('/msg/target/max')) return ok({ newCount: 1234, exact: true });
    if (url.endsWith('/msg/detail')) return ok(detail(detailData));
    if (url.endsWith('/msg/save')) {
      saved.push(JSON.parse(init?.body as string) as Record<string, unknown>);
      return saveAnswer ? saveAnswer() : ok({ id: 7, msgId: 70, status: 0 });
    }
    return undefined;
  });
});
restoreAfterEach();

const submit = () => fireEvent.click(screen.getByRole('button', { name: /Review and (send|save)/ }));
const sentData = (i = 0) => saved[i]?.data as Record<string, string>;

async function confirmSend(button = 'Send') {
  const dialog = await screen.findByRole('dialog', {}, slow);
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(saved.length).toBeGreaterThan(0), slow);
  return dialog;
}

describe('ComposeScreen, cross messages', () => {
  it('writes a scheduled time in the send check the way every screen writes dates, with its zone', async () => {
    detailExtra = { status: 2, scheduleType: 2, scheduleDate: '2099-06-01 10:00:00' };
    renderAt(
      '/app/1/message/editcross?id=9&act=edit',
      <ComposeScreen appId={1} id={9} act="edit" kind="cross" />,
    );
    await screen.findByText('Edit transparent message', undefined, slow);
    await waitFor(() => expect(field('description').value).toBe('Refresh the feed'), slow);
    submit();
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByText('Jun 1, 2099, 10:00 AM (UTC+0800)')).toBeTruthy();
  }, 60_000);

  it('drops the reserved keys (with a note), confirms the pretty content and saves msgType 2 with trans_data', async () => {
    renderAt('/app/1/message/editcross', <ComposeScreen appId={1} kind="cross" />);
    await screen.findByText('New transparent message', undefined, slow);
    await waitFor(() => expect(field('pushCount').value).toBe('1234'), slow);
    const editor = await screen.findByRole('textbox', { name: 'Content (JSON)' }, slow);
    expect(editor.id).toBe('crossJson');

    submit();
    await waitFor(() => expect(errorOf('crossJson')).toBe('Required'), slow);
    expect(errorOf('description')).toBe('Required');
    expect(errorOf('priority')).toBe('Required');

    typeJson(document, '{"tcm_msg_id": "x", "enlive_package": "p", "deal": {"id": 7, "name": "Été"}}');
    expect((await screen.findByTestId('json-dropped')).textContent).toContain('tcm_msg_id, enlive_package');
    fireEvent.change(field('description'), { target: { value: 'Deal of the day' } });
    fireEvent.change(field('priority'), { target: { value: '4' } });
    submit();
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByTestId('confirm-content').textContent).toBe(
      '{\n  "deal": {\n    "id": 7,\n    "name": "Été"\n  }\n}',
    );
    expect(within(dialog).getByText('Deal of the day')).toBeTruthy();
    await confirmSend();
    expect(saved[0]).toMatchObject({
      msgType: 2,
      title: 'Deal of the day',
      msgRestrictType: 1,
      msgDisplayPrior: 4,
      pushCount: 1234,
      timeToLive: 43200,
      multiLangEnable: false,
      data: { trans_data: base64OfText('{"deal":{"id":7,"name":"Été"}}') },
    });
    expect(Object.keys(sentData())).toEqual(['trans_data']);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/1/data/cross'), slow);
  }, 60_000);

  it('names the line and column of a syntax error at the editor and does not open the confirmation', async () => {
    renderAt('/app/1/message/editcross', <ComposeScreen appId={1} kind="cross" />);
    await screen.findByRole('textbox', { name: 'Content (JSON)' }, slow);
    fireEvent.change(field('description'), { target: { value: 'Broken' } });
    fireEvent.change(field('priority'), { target: { value: '1' } });
    typeJson(document, '{\n  "a": 1\n  "b": 2\n}');
    await waitFor(() => expect(errorOf('crossJson')).toBe('Line 3, column 3: "," or "}" expected'), slow);
    await waitFor(() => expect(document.querySelector('.cm-lint-marker-error')).toBeTruthy(), slow);
    expect(screen.getByRole('button', { name: /Format/ }).hasAttribute('disabled')).toBe(true);
    submit();
    await waitFor(() => expect(errorOf('crossJson')).toContain('Line 3, column 3'), slow);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(saved).toEqual([]);
  }, 60_000);

  it('edits a saved message: trans_data decoded into pretty JSON, the layout kept, a server field error shown at the editor', async () => {
    saveAnswer = () =>
      json(400, {
        status: 400,
        msg: 'data.trans_data must be at most 3072 characters',
        data: {
          fields: [{ field: 'data.trans_data', message: 'must be at most 3072 characters once encoded' }],
        },
      });
    renderAt(
      '/app/1/message/editcross?id=9&act=edit',
      <ComposeScreen appId={1} id={9} act="edit" kind="cross" />,
    );
    await screen.findByText('Edit transparent message', undefined, slow);
    const editor = await screen.findByRole('textbox', { name: 'Content (JSON)' }, slow);
    await waitFor(() => expect(editor.textContent).toContain('"action": "refresh",'), slow);
    expect(field('description').value).toBe('Refresh the feed');
    submit();
    await confirmSend('Save');
    expect(saved[0]).toMatchObject({
      id: 9,
      msgType: 2,
      msgRestrictType: 2,
      msgDisplayPrior: 3,
      timeToLive: 7200,
      data: { trans_data: base64OfText('{"action":"refresh","id":42}'), noti_layout_id: 3 },
    });
    await waitFor(
      () => expect(errorOf('crossJson')).toBe('must be at most 3072 characters once encoded'),
      slow,
    );
  }, 60_000);

  it('opens a saved pull-up from editcross on editpullup', async () => {
    detailData = { ...detailData, enlive_package: 'com.acme.shop', enlive_activity: '.Main' };
    renderAt(
      '/app/1/message/editcross?id=9&act=copy',
      <ComposeScreen appId={1} id={9} act="copy" kind="cross" />,
    );
    await waitFor(
      () =>
        expect(screen.getByTestId('location').textContent).toBe('/app/1/message/editpullup?id=9&act=copy'),
      slow,
    );
  });
});

describe('ComposeScreen, pull-ups', () => {
  it('validates package and activity, sends {} for an empty content and the extras as enlive_data', async () => {
    renderAt('/app/1/message/editpullup', <ComposeScreen appId={1} kind="pullup" />);
    await screen.findByText('New pull-up message', undefined, slow);
    await screen.findByRole('textbox', { name: 'Intent extras (JSON)' }, slow);
    expect(field('enlivePackage').value).toBe('com.acme.shop');
    fireEvent.change(field('description'), { target: { value: 'Come back' } });
    fireEvent.change(field('priority'), { target: { value: '2' } });
    fireEvent.change(field('enlivePackage'), { target: { value: 'not a package' } });
    submit();
    await waitFor(
      () => expect(errorOf('enlivePackage')).toBe('Must be an Android package name, like com.example.app'),
      slow,
    );
    expect(errorOf('enliveActivity')).toBe('Required');
    expect(errorOf('crossJson')).toBe('');

    fireEvent.change(field('enlivePackage'), { target: { value: 'com.acme.other' } });
    fireEvent.change(field('enliveActivity'), { target: { value: 'com.acme..Main' } });
    typeJson(document, '{"screen": "offers",}', 0);
    submit();
    await waitFor(() => expect(errorOf('enliveActivity')).toContain('Must be an activity class name'), slow);
    expect(errorOf('enliveJson')).toBe('Line 1, column 21: Trailing comma');

    fireEvent.change(field('enliveActivity'), { target: { value: '.OffersActivity' } });
    typeJson(document, '{"screen": "offers"}', 0);
    submit();
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByText('.OffersActivity')).toBeTruthy();
    await confirmSend();
    expect(saved[0]).toMatchObject({
      msgType: 2,
      title: 'Come back',
      data: {
        trans_data: base64OfText('{}'),
        enlive_package: 'com.acme.other',
        enlive_activity: '.OffersActivity',
      },
    });
    expect(textOfBase64(sentData().enlive_data ?? '')).toBe('{"screen":"offers"}');
  }, 60_000);
});
