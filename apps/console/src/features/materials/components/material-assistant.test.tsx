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
import { MaterialsScreen } from './materials-screen';

const SUGGESTION = { title: 'Spring sale: 30% off', content: 'Everything in store, this week.', button: '' };

/** The assistant's streamed answer: the model's JSON in two tokens, then the reply item. */
const streamed = () => suggestionStream(SUGGESTION);

type Body = Record<string, unknown>;
let saves: Body[] = [];
let tracked: Body[] = [];

beforeEach(() => {
  saves = [];
  tracked = [];
  localStorage.clear();
  stubApi((url, init) => {
    const body = () => JSON.parse(init?.body as string) as Body;
    if (url.endsWith('/app/1/info')) return ok(appInfo());
    if (url.endsWith('/user/login/status'))
      return ok({ email: 'o@example.com', ulevel: 0, source: 2, description: '' });
    if (url.endsWith('/app/1/icon')) return ok({ icon: '/files/icon.png', color: '#1A73E8' });
    if (url.includes('/dict/1/all')) return ok(DICTS);
    // message 3 was written with the assistant
    if (url.endsWith('/msg/detail'))
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
          contentCreateType: 1,
          data: {
            noti_type: 1,
            noti_title: 'Weekend',
            noti_desc: 'Sale',
            noti_small_icon: '/files/icon.png',
          },
        }),
      );
    if (url.endsWith('/material/create')) {
      saves.push(body());
      return ok({ materialId: 40, status: 1 });
    }
    if (url.endsWith('/ai/status')) return ok({ configured: true, model: 'gpt-test' });
    if (url.endsWith('/app/1/assistant/chat/stream')) return streamed();
    if (url.endsWith('/app/1/assistant/track')) {
      tracked.push(body());
      return ok({});
    }
    return undefined;
  });
});
restoreAfterEach();

const open = (url = '/app/1/material/create') => renderAt(url, <MaterialsScreen appId={1} tab="create" />);
const change = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });

async function save() {
  fireEvent.click(screen.getByRole('button', { name: /Review and (create|save)/ }));
  const dialog = await screen.findByTestId('material-confirm', undefined, slow);
  fireEvent.click(within(dialog).getByTestId('material-confirm-ok'));
  await waitFor(() => expect(saves).toHaveLength(1), slow);
}

describe('the AI assistant in the material library', () => {
  it('fills the material from a suggestion, saves contentCreateType 1 and records ai_use then ai_submit from material', async () => {
    open();
    await screen.findByText('New material', undefined, slow);
    change('description', 'Spring template');
    fireEvent.click(
      within(document.getElementById('compose-content') as HTMLElement).getByRole('button', {
        name: /AI assistant/,
      }),
    );
    const input = await screen.findByRole('textbox', { name: 'Message to the assistant' });
    await waitFor(() => expect(input).toHaveProperty('disabled', false), slow);
    fireEvent.change(input, { target: { value: 'A spring sale' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: 'Use suggestion 1' }, slow));
    await waitFor(() => expect(field('title').value).toBe(SUGGESTION.title));
    await waitFor(() =>
      expect(tracked).toEqual([{ action: 'ai_use', from: 'material', title: 'Spring template' }]),
    );
    change('openContent', 'shop://spring');

    await save();
    expect(saves[0]).toMatchObject({
      title: 'Spring template',
      contentCreateType: 1,
      data: { noti_title: SUGGESTION.title, noti_desc: SUGGESTION.content },
    });
    await waitFor(() => expect(tracked.map((t) => t.action)).toEqual(['ai_use', 'ai_submit']));
    expect(tracked[1]).toEqual({ action: 'ai_submit', from: 'material', title: 'Spring template' });
  }, 60_000);

  it('keeps the AI mark of a message a material is built from, and records its ai_submit', async () => {
    open('/app/1/material/create?msgId=3');
    await screen.findByText('New material from message 30', undefined, slow);
    change('openContent', 'shop://weekend');
    await save();
    expect(saves[0]).toMatchObject({ msgId: 30, contentCreateType: 1 });
    await waitFor(() =>
      expect(tracked).toEqual([{ action: 'ai_submit', from: 'material', title: 'Weekend push' }]),
    );
  }, 60_000);
});
