import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  appInfo,
  DICTS,
  field,
  messageDetail,
  ok,
  restoreAfterEach,
  slow,
  stubApi,
} from '../../../test/screen-api';
import { suggestionStream } from '../../../test/assistant-stream';
import { renderAt } from '../../../test-utils';
import { ComposeScreen } from './compose-screen';

const SUGGESTION = {
  title: 'Weekend sale: 30% off',
  content: 'Everything in store, until Sunday.',
  button: '',
};

/** The assistant's streamed answer: the model's JSON in two tokens, then the reply item. */
const streamed = () => suggestionStream(SUGGESTION);

let saved: Array<Record<string, unknown>> = [];
let tracked: Array<Record<string, unknown>> = [];
/** message 9's contentCreateType (msg/detail) */
let detailAi = 1;

beforeEach(() => {
  saved = [];
  tracked = [];
  detailAi = 1;
  localStorage.clear();
  stubApi((url, init) => {
    const body = () => JSON.parse(init?.body as string) as Record<string, unknown>;
    if (url.endsWith('/app/1/info')) return ok(appInfo());
    if (url.endsWith('/app/1/icon')) return ok({ icon: '/files/icon.png', color: '' });
    if (url.includes('/dict/1/all')) return ok(DICTS);
    if (url.endsWith('/msg/target/max')) return ok({ newCount: 1234, exact: true });
    if (url.endsWith('/ai/status')) return ok({ configured: true, model: 'gpt-test' });
    if (url.endsWith('/app/1/assistant/chat/stream')) return streamed();
    if (url.endsWith('/app/1/assistant/track')) {
      tracked.push(body());
      return ok({});
    }
    if (url.endsWith('/app/1/msg/detail'))
      return ok(
        messageDetail({
          id: 9,
          msgId: 90,
          msgType: 1,
          title: 'Weekend push',
          status: 2,
          scheduleType: 1,
          scheduleDate: null,
          scheduleUTC: '+0800',
          contentCreateType: detailAi,
          data: {
            noti_type: 1,
            noti_small_icon: '/files/icon.png',
            noti_title: SUGGESTION.title,
            noti_desc: SUGGESTION.content,
            noti_open_type: 1,
            noti_open_content: 'shop://sale',
          },
        }),
      );
    if (url.endsWith('/app/1/msg/save')) {
      saved.push(body());
      return ok({ id: 7, msgId: 70, status: 0 });
    }
    return undefined;
  });
});
restoreAfterEach();

describe('the AI assistant in compose', () => {
  it('fills the content from a suggestion, sends contentCreateType 1 and records ai_use then ai_submit', async () => {
    renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
    await screen.findByText('New notification', {}, slow);
    fireEvent.change(field('description'), { target: { value: 'Weekend push' } });
    const content = document.getElementById('compose-content') as HTMLElement;
    fireEvent.click(within(content).getByRole('button', { name: /AI assistant/ }));
    const input = await screen.findByRole('textbox', { name: 'Message to the assistant' });
    await waitFor(() => expect(input).toHaveProperty('disabled', false), slow);
    fireEvent.change(input, { target: { value: 'A weekend sale' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: 'Use suggestion 1' }, slow));
    await waitFor(() => expect(field('title').value).toBe(SUGGESTION.title));
    expect(field('desc').value).toBe(SUGGESTION.content);
    await waitFor(() => expect(tracked).toEqual([{ action: 'ai_use', from: 'push', title: 'Weekend push' }]));

    fireEvent.change(field('openContent'), { target: { value: 'shop://sale' } });
    await waitFor(() => expect(field('pushCount').value).toBe('1234'), slow);
    fireEvent.click(screen.getByRole('button', { name: /Review and send/ }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    expect(saved[0]).toMatchObject({
      title: 'Weekend push',
      contentCreateType: 1,
      data: { noti_title: SUGGESTION.title, noti_desc: SUGGESTION.content },
    });
    await waitFor(() => expect(tracked.map((t) => t.action)).toEqual(['ai_use', 'ai_submit']));
    expect(tracked[1]).toEqual({ action: 'ai_submit', from: 'push', title: 'Weekend push' });
  }, 60_000);

  it('loads contentCreateType with a message to edit and sends it back, so an edit keeps the AI mark', async () => {
    renderAt('/app/1/message/editpush?id=9&act=edit', <ComposeScreen appId={1} id={9} act="edit" />);
    await waitFor(() => expect(field('title').value).toBe(SUGGESTION.title), slow);
    fireEvent.change(field('desc'), { target: { value: 'Everything in store, until Monday.' } });
    fireEvent.click(screen.getByRole('button', { name: /Review and save/ }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    expect(saved[0]).toMatchObject({ id: 9, title: 'Weekend push', contentCreateType: 1 });
    await waitFor(() =>
      expect(tracked).toEqual([{ action: 'ai_submit', from: 'push', title: 'Weekend push' }]),
    );
  }, 60_000);

  it('sends no contentCreateType for an edit of a message written by hand', async () => {
    detailAi = 0;
    renderAt('/app/1/message/editpush?id=9&act=edit', <ComposeScreen appId={1} id={9} act="edit" />);
    await waitFor(() => expect(field('title').value).toBe(SUGGESTION.title), slow);
    fireEvent.click(screen.getByRole('button', { name: /Review and save/ }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    expect(saved[0]).toMatchObject({ id: 9 });
    expect(saved[0]).not.toHaveProperty('contentCreateType');
    expect(tracked).toEqual([]);
  }, 60_000);
});
