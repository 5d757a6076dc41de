import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  abArm,
  abTestDetail,
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
import { AbComposeScreen } from './ab-compose-screen';

const SUGGESTION = {
  title: 'Weekend sale: 30% off',
  content: 'Everything in store, until Sunday.',
  button: '',
};

/** The assistant's streamed answer: the model's JSON in two tokens, then the reply item. */
const streamed = () => suggestionStream(SUGGESTION);

/** Arm 51 (A) of test 5 came from the assistant; arm 52 (B) was written by hand. */
const armDetail = (id: number) =>
  messageDetail({
    id,
    msgId: id,
    msgType: 1,
    title: 'Sale copy',
    status: 2,
    parentMsgId: 5,
    scheduleType: 1,
    scheduleDate: null,
    scheduleUTC: '+0800',
    contentCreateType: id === 51 ? 1 : 0,
    data: {
      noti_type: 1,
      noti_title: id === 51 ? 'Half price' : '50 % off',
      noti_desc: 'Today only',
      noti_small_icon: '/files/icon.png',
      noti_open_type: 1,
      noti_open_content: 'shop://sale',
    },
  });

let saved: Array<Record<string, unknown>> = [];
let tracked: Array<Record<string, unknown>> = [];

beforeEach(() => {
  saved = [];
  tracked = [];
  localStorage.clear();
  stubApi((url, init) => {
    const body = () => JSON.parse(init?.body as string) as Record<string, unknown>;
    if (url.endsWith('/app/1/info')) return ok(appInfo());
    if (url.endsWith('/app/1/icon')) return ok({ icon: '/files/icon.png', color: '#1A73E8' });
    if (url.includes('/dict/1/all')) return ok(DICTS);
    if (url.endsWith('/msg/target/max')) return ok({ newCount: 1234, exact: true });
    if (url.endsWith('/msg/abtest/5/detail'))
      return ok(
        abTestDetail({
          childMsgs: [abArm('A', 51, { contentCreateType: 1 }), abArm('B', 52)],
          speedLimit: 0,
        }),
      );
    if (url.endsWith('/msg/detail')) return ok(armDetail((body() as { id: number }).id));
    if (url.endsWith('/msg/abtest/create')) {
      saved.push(body());
      return ok({ id: 5, msgId: 5, status: 0 });
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

const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
const arms = () => saved[0]?.childMsgs as Array<Record<string, unknown>>;

async function send(button: 'Send' | 'Save') {
  fireEvent.click(screen.getByRole('button', { name: /Review and (send|save)/ }));
  const dialog = await screen.findByRole('dialog', {}, slow);
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(saved).toHaveLength(1), slow);
}

describe('the AI assistant in an A/B test', () => {
  it('marks only the arm a suggestion filled, and records ai_use then ai_submit', async () => {
    renderAt('/app/1/message/editabtest', <AbComposeScreen appId={1} />);
    await screen.findByText('New A/B test', undefined, slow);
    await screen.findByText('1,234', undefined, slow);
    type('description', 'Sale copy');
    type('armA_title', 'Half price');
    type('armA_desc', 'Today only');
    type('armA_openContent', 'shop://sale');

    // the variants are tabs: B's assistant is on B's tab
    fireEvent.click(screen.getByTestId('arm-tab-B'));
    fireEvent.click(within(screen.getByTestId('arm-B')).getByRole('button', { name: /AI assistant/ }));
    const input = await screen.findByRole('textbox', { name: 'Message to the assistant' });
    await waitFor(() => expect(input).toHaveProperty('disabled', false), slow);
    fireEvent.change(input, { target: { value: 'A weekend sale' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: 'Use suggestion 1' }, slow));
    await waitFor(() => expect(field('armB_title').value).toBe(SUGGESTION.title));
    expect(field('armA_title').value).toBe('Half price');
    await waitFor(() => expect(tracked).toEqual([{ action: 'ai_use', from: 'push', title: '' }]));
    type('armB_openContent', 'shop://deals');

    await send('Send');
    expect(saved[0]).not.toHaveProperty('contentCreateType');
    expect(arms()[0]).not.toHaveProperty('contentCreateType');
    expect(arms()[1]).toMatchObject({
      groupTag: 'B',
      contentCreateType: 1,
      data: { noti_title: SUGGESTION.title, noti_desc: SUGGESTION.content },
    });
    await waitFor(() => expect(tracked.map((t) => t.action)).toEqual(['ai_use', 'ai_submit']));
    expect(tracked[1]).toEqual({ action: 'ai_submit', from: 'push', title: 'Sale copy' });
  }, 120_000);

  it('keeps each arm’s contentCreateType through an edit', async () => {
    renderAt('/app/1/message/editabtest?id=5&act=edit', <AbComposeScreen appId={1} id={5} act="edit" />);
    await screen.findByText('Edit A/B test', undefined, slow);
    await waitFor(() => expect(field('armB_title').value).toBe('50 % off'), slow);
    type('armB_title', '50 % off everything');
    await send('Save');
    expect(saved[0]).not.toHaveProperty('contentCreateType');
    expect(arms()[0]).toMatchObject({ id: 51, groupTag: 'A', contentCreateType: 1 });
    expect(arms()[1]).toMatchObject({ id: 52, groupTag: 'B' });
    expect(arms()[1]).not.toHaveProperty('contentCreateType');
    await waitFor(() => expect(tracked).toEqual([{ action: 'ai_submit', from: 'push', title: 'Sale copy' }]));
  }, 120_000);
});
