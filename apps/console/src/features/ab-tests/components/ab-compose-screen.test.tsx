import { EditorView } from '@codemirror/view';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { base64OfText } from '@beacon/shared';
import {
  abArm,
  abTestDetail,
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
import { AbComposeScreen } from './ab-compose-screen';

const armDetail = (id: number, title: string, schedule: Record<string, unknown>) =>
  messageDetail({
    id,
    msgId: id,
    msgType: 1,
    title: 'Sale copy',
    status: 2,
    speedLimit: 2000,
    parentMsgId: 5,
    data: {
      noti_type: 1,
      noti_title: title,
      noti_desc: 'Today only',
      noti_small_icon: '/files/icon.png',
      noti_open_type: 1,
      noti_open_content: 'shop://sale',
    },
    ...schedule,
  });
const AT = { scheduleType: 2, scheduleDate: '2099-01-02 10:00:00', scheduleUTC: '+0100' };

const AT_ARM = { groupPercent: 12.5, scheduleType: 2, scheduleDate: '2099-01-02 10:00:00' };
const AB_DETAIL = abTestDetail({
  childMsgs: [abArm('A', 51, AT_ARM), abArm('B', 52, AT_ARM)],
  speedLimit: 2000,
});

let saved: Array<Record<string, unknown>> = [];
let saveAnswer: (() => Response) | undefined;

beforeEach(() => {
  saved = [];
  saveAnswer = undefined;
  stubApi((url, init) => {
    if (url.endsWith('/app/1/info')) return ok(appInfo());
    if (url.endsWith('/app/1/icon')) return ok({ icon: '/files/icon.png', color: '#1A73E8' });
    if (url.includes('/dict/1/all')) return ok(DICTS);
    if (url.endsWith('/msg/target/max')) return ok({ newCount: 1234, exact: true });
    if (url.endsWith('/msg/abtest/5/detail')) return ok(AB_DETAIL);
    if (url.endsWith('/msg/detail')) {
      const { id } = JSON.parse(init?.body as string) as { id: number };
      return ok(armDetail(id, id === 51 ? 'Half price' : '50 % off', AT));
    }
    if (url.endsWith('/msg/abtest/create')) {
      saved.push(JSON.parse(init?.body as string) as Record<string, unknown>);
      return saveAnswer ? saveAnswer() : ok({ id: 5, msgId: 5, status: 0 });
    }
    return undefined;
  });
});
restoreAfterEach();

const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
/** Replaces the text of the n-th JSON editor as a user edit (jsdom cannot type into CodeMirror). */
function typeJson(root: ParentNode, text: string, n: number): void {
  const dom = root.querySelectorAll<HTMLElement>('.cm-editor')[n];
  const view = dom ? EditorView.findFromDOM(dom) : null;
  if (!view) throw new Error('no CodeMirror view');
  act(() => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input' });
  });
}
const review = () => fireEvent.click(screen.getByRole('button', { name: /Review and send/ }));

describe('AbComposeScreen', () => {
  it('checks both arms, previews Test A and B at half the share each and saves two notifications of the same type', async () => {
    renderAt('/app/1/message/editabtest', <AbComposeScreen appId={1} />);
    await screen.findByText('New A/B test', undefined, slow);
    await screen.findByText('1,234', undefined, slow);
    expect(field('armA_title')).toBeTruthy();
    expect(field('armB_title')).toBeTruthy();

    review();
    // the form shows each field's error as its own check settles: wait for all of them, not the first
    await waitFor(() => {
      expect(errorOf('description')).toBe('Required');
      expect(errorOf('armA_title')).toBe('Required');
      expect(errorOf('armB_title')).toBe('Required');
      expect(errorOf('armB_openContent')).toBe('Required');
    }, slow);
    expect(screen.queryByRole('dialog')).toBeNull();

    type('description', 'Sale copy');
    type('armA_title', 'Half price');
    type('armA_desc', 'Today only');
    type('armA_openContent', 'shop://sale');
    type('armB_title', '50 % off');
    type('armB_desc', 'Until midnight');
    type('armB_openContent', 'shop://deals');
    type('abPercent', '30');
    // the share and its device count can render a moment apart: wait for the whole sentence
    await waitFor(
      () => expect(field('armB_groupPercent').textContent).toBe('15% of the audience, about 185 devices'),
      slow,
    );

    review();
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByTestId('confirm-share-A').textContent).toBe(
      '15% of the audience · about 185 devices',
    );
    expect(within(dialog).getByTestId('confirm-share-B').textContent).toBe(
      '15% of the audience · about 185 devices',
    );
    expect(within(dialog).getByTestId('confirm-count').textContent).toBe(
      'The test goes to about 370 devices: 30% of an estimated audience of 1,234.',
    );
    expect(within(dialog).getByText('Test A')).toBeTruthy();
    expect(within(dialog).getByText('Test B')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    expect(saved[0]).toMatchObject({
      msgType: 4,
      title: 'Sale copy',
      targetingType: 0,
      targetCount: 1234,
      timeToLive: 43200,
      msgRestrictType: 1,
      childMsgs: [
        {
          msgType: 1,
          groupTag: 'A',
          groupPercent: 15,
          scheduleType: 1,
          scheduleUTC: '+0800',
          data: { noti_title: 'Half price', noti_desc: 'Today only', noti_open_content: 'shop://sale' },
        },
        {
          msgType: 1,
          groupTag: 'B',
          groupPercent: 15,
          scheduleType: 1,
          data: { noti_title: '50 % off', noti_open_content: 'shop://deals' },
        },
      ],
    });
    expect(saved[0]).not.toHaveProperty('pushCount');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/1/data/abtest'), slow);
  }, 60_000);

  it('composes two cross arms in their own JSON editors and shows a server field error at the arm it names', async () => {
    saveAnswer = () =>
      json(400, {
        status: 400,
        msg: 'childMsgs.1.data.trans_data is invalid',
        data: {
          fields: [
            { field: 'childMsgs.1.data.trans_data', message: 'must be the base64 of a JSON object' },
            { field: 'childMsgs.1.groupPercent', message: 'must equal arm A’s percent' },
          ],
        },
      });
    renderAt('/app/1/message/editabtest', <AbComposeScreen appId={1} />);
    await screen.findByText('New A/B test', undefined, slow);
    fireEvent.click(screen.getByRole('radio', { name: 'Transparent data' }));
    await waitFor(() => expect(document.querySelectorAll('.cm-editor')).toHaveLength(2), slow);
    expect(field('armA_crossJson')).toBeTruthy();
    expect(field('armB_crossJson')).toBeTruthy();
    type('description', 'Feed refresh');
    typeJson(document, '{"variant": "a"}', 0);
    review();
    await waitFor(() => expect(errorOf('armB_crossJson')).toBe('Required'), slow);
    expect(errorOf('armA_crossJson')).toBe('');

    typeJson(document, '{"variant": "b"}', 1);
    review();
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(
      within(dialog)
        .getAllByTestId('confirm-content')
        .map((e) => e.textContent),
    ).toEqual(['{\n  "variant": "a"\n}', '{\n  "variant": "b"\n}']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    expect(saved[0]).toMatchObject({
      msgType: 4,
      childMsgs: [
        {
          msgType: 2,
          groupTag: 'A',
          groupPercent: 10,
          data: { trans_data: base64OfText('{"variant":"a"}') },
        },
        {
          msgType: 2,
          groupTag: 'B',
          groupPercent: 10,
          data: { trans_data: base64OfText('{"variant":"b"}') },
        },
      ],
    });
    await waitFor(() => expect(errorOf('armB_crossJson')).toBe('must be the base64 of a JSON object'), slow);
    expect(errorOf('armB_groupPercent')).toBe('must equal arm A’s percent');
    expect(errorOf('armA_crossJson')).toBe('');
    expect(errorOf('armA_groupPercent')).toBe('');
    expect(screen.getByTestId('location').textContent).toBe('/app/1/message/editabtest');
  }, 60_000);

  it('edits a saved test from its arms’ messages and saves it with the test’s and the arms’ ids', async () => {
    renderAt('/app/1/message/editabtest?id=5&act=edit', <AbComposeScreen appId={1} id={5} act="edit" />);
    await screen.findByText('Edit A/B test', undefined, slow);
    expect(field('description').value).toBe('Sale copy');
    expect(field('armA_title').value).toBe('Half price');
    expect(field('armB_title').value).toBe('50 % off');
    expect(field('abPercent').value).toBe('25');
    expect(screen.getByRole('radio', { name: 'Transparent data' }).hasAttribute('disabled')).toBe(true);
    type('armB_title', '50 % off everything');
    fireEvent.click(screen.getByRole('button', { name: /Review and save/ }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    expect(saved[0]).toMatchObject({
      id: 5,
      msgType: 4,
      title: 'Sale copy',
      timeToLive: 7200,
      speedLimit: 2000,
      msgRestrictType: 2,
      childMsgs: [
        { id: 51, groupTag: 'A', groupPercent: 12.5, ...AT, data: { noti_title: 'Half price' } },
        { id: 52, groupTag: 'B', groupPercent: 12.5, ...AT, data: { noti_title: '50 % off everything' } },
      ],
    });
  }, 60_000);
});
