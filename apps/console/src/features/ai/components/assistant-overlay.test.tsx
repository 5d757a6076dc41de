import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form, Input, Switch } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, ok, restoreAfterEach, slow, stubApi } from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { storageKey } from '../lib/chat-items';
import { AssistantButton } from './assistant-button';
import {
  aiStatus,
  controlledStream,
  streamedAnswer,
  SUGGESTION_ITEMS,
  suggestionTokens,
} from '../../../test/assistant-stream';

let configured = true;
let chatAnswer: () => Response;
let asked: Array<Record<string, unknown>> = [];
let tracked: Array<Record<string, unknown>> = [];
let downloaded: Array<Record<string, unknown>> = [];
let form: ReturnType<typeof Form.useForm<Record<string, unknown>>>[0] | undefined;

beforeEach(() => {
  configured = true;
  asked = [];
  tracked = [];
  downloaded = [];
  localStorage.clear();
  chatAnswer = () => streamedAnswer(suggestionTokens(), SUGGESTION_ITEMS);
  stubApi((url, init) => {
    const body = () => JSON.parse(init?.body as string) as Record<string, unknown>;
    if (url.endsWith('/ai/status')) return aiStatus(configured);
    if (url.endsWith('/app/1/assistant/chat/stream')) {
      asked.push(body());
      return chatAnswer();
    }
    if (url.endsWith('/app/1/assistant/track')) {
      tracked.push(body());
      return ok({});
    }
    if (url.endsWith('/app/1/assistant/download')) {
      downloaded.push(body());
      return new Response('AI assistant conversation', {
        headers: {
          'content-type': 'text/plain; charset=utf-8',
          'content-disposition': 'attachment; filename="assistant-chat-1.txt"',
        },
      });
    }
    return undefined;
  });
});
restoreAfterEach();

/** A compose-like form (message name, design, title, text, button, languages) with the assistant's button. */
function Editor({ design = 1, languages = [] as string[] }) {
  const [instance] = Form.useForm<Record<string, unknown>>();
  form = instance;
  return (
    <Form
      form={instance}
      initialValues={{ description: 'Weekend push', design, multiLang: languages.length > 0, languages }}
    >
      <AssistantButton appId={1} msgType={1} />
      <Form.Item name="description" label="Name">
        <Input />
      </Form.Item>
      <Form.Item name="design" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="title" label="Title">
        <Input />
      </Form.Item>
      <Form.Item name="desc" label="Text">
        <Input />
      </Form.Item>
      <Form.Item name="button" label="Button">
        <Input />
      </Form.Item>
      <Form.Item name="multiLang" valuePropName="checked" hidden>
        <Switch />
      </Form.Item>
      <Form.Item name="languages" hidden>
        <Input />
      </Form.Item>
      {languages.map((l) => (
        <Form.Item key={l} name={['langContent', l, 'title']} label={`Title ${l}`}>
          <Input />
        </Form.Item>
      ))}
    </Form>
  );
}

const input = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message to the assistant' });
const field = (id: string) => document.getElementById(id) as HTMLInputElement;

async function openAssistant(ui = <Editor />) {
  renderAt('/app/1/message/editpush', ui);
  fireEvent.click(screen.getByRole('button', { name: /AI assistant/ }));
  const dialog = await screen.findByTestId('ai-assistant');
  await waitFor(() => expect(input().disabled).toBe(false), slow);
  return dialog;
}

function ask(text: string) {
  fireEvent.change(input(), { target: { value: text } });
  fireEvent.keyDown(input(), { key: 'Enter' });
}

describe('the AI assistant overlay', () => {
  it('streams the answer token by token, waits with the input disabled, then offers the suggestions', async () => {
    const stream = controlledStream();
    chatAnswer = () => stream.response;
    await openAssistant();
    // Shift+Enter is a new line, not a send
    fireEvent.change(input(), { target: { value: 'A weekend sale, 30% off' } });
    fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    expect(asked).toHaveLength(0);
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toEqual({
      messages: [{ role: 'user', content: 'A weekend sale, 30% off' }],
      msgType: 1,
      from: 'push',
    });
    expect(input().disabled).toBe(true);
    expect(input().value).toBe('');
    await screen.findByText('The assistant is writing…');

    const tokens = suggestionTokens(8);
    const half = tokens.slice(0, 9); // {"kind":"suggestions","answer":"","suggestions":[{"title":"Weeken
    for (const token of half) stream.token(token);
    const streaming = await screen.findByTestId('ai-streaming');
    await waitFor(() => expect(within(streaming).getByText(/^Weekend/)).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Use suggestion 1' })).toBeNull();
    expect(input().disabled).toBe(true);

    for (const token of tokens.slice(9)) stream.token(token);
    stream.done(SUGGESTION_ITEMS);
    // the reply items come in 300 ms apart (chat-list.test.tsx)
    await screen.findByRole('button', { name: 'Use suggestion 2' }, slow);
    expect(screen.queryByTestId('ai-streaming')).toBeNull();
    expect(screen.getAllByTestId('ai-suggestion')).toHaveLength(2);
    expect(screen.getByText('Everything in store, until Sunday night.')).toBeTruthy();
    expect(screen.getByText('Shop now')).toBeTruthy();
    await waitFor(() => expect(input().disabled).toBe(false));
  }, 60_000);

  it('fills the form with a suggestion, marks the content as AI-made and records ai_use', async () => {
    await openAssistant(<Editor design={3} />);
    ask('A weekend sale');
    fireEvent.click(await screen.findByRole('button', { name: 'Use suggestion 1' }, slow));
    await waitFor(() => expect(field('title').value).toBe('Weekend sale: 30% off'));
    expect(field('desc').value).toBe('Everything in store, until Sunday night.');
    expect(field('button').value).toBe('Shop now');
    expect(form?.getFieldValue('contentCreateType')).toBe(1);
    await waitFor(() => expect(tracked).toEqual([{ action: 'ai_use', from: 'push', title: 'Weekend push' }]));
    await screen.findByText('Suggestion used: check the content before sending.');
    // the overlay closed on use
    await waitFor(() => expect(screen.queryByTestId('ai-assistant')).toBeNull());
  }, 60_000);

  it('fills a chosen language of the multi-language editor; a system design gets no button', async () => {
    await openAssistant(<Editor languages={['fr']} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Fill in' }));
    fireEvent.click(await screen.findByTitle('fr'));
    ask('A weekend sale');
    fireEvent.click(await screen.findByRole('button', { name: 'Use suggestion 2' }, slow));
    await waitFor(() => expect(field('langContent_fr_title').value).toBe('Your weekend treat is here'));
    expect(field('title').value).toBe('');
    expect(form?.getFieldValue(['langContent', 'fr', 'desc'])).toBe(
      'Save 30% on all items this weekend only.',
    );
    expect(field('button').value).toBe('');
  }, 60_000);

  it('shows a plain answer as text and an error in the chat, with a resend', async () => {
    chatAnswer = () =>
      streamedAnswer(
        ['{"kind":"answer","answer":"Keep it', ' short."', ',"suggestions":[]}'],
        [{ showType: 1, originContent: 'Keep it short: under 40 characters.' }],
      );
    await openAssistant();
    ask('What makes a good title?');
    await screen.findByText('Keep it short: under 40 characters.', {}, slow);
    expect(screen.queryByRole('button', { name: /Use suggestion/ })).toBeNull();

    const stream = controlledStream();
    chatAnswer = () => stream.response;
    ask('And a button?');
    await waitFor(() => expect(asked).toHaveLength(2));
    stream.error(1062, 'Le fournisseur d’IA a échoué : timeout');
    const error = await screen.findByTestId('ai-error');
    expect(error.textContent).toContain('Le fournisseur d’IA a échoué : timeout');
    // the dialog so far goes again, the answer replaces the error
    chatAnswer = () => streamedAnswer(suggestionTokens(), SUGGESTION_ITEMS);
    fireEvent.click(within(error).getByRole('button', { name: /Resend/ }));
    await screen.findByRole('button', { name: 'Use suggestion 1' }, slow);
    expect(screen.queryByTestId('ai-error')).toBeNull();
    expect(asked[2]).toEqual(asked[1]);
    expect((asked[2]?.messages as unknown[]).at(-1)).toEqual({ role: 'user', content: 'And a button?' });
  }, 60_000);

  it('says so when AI is not configured: the input stays disabled and nothing is asked', async () => {
    configured = false;
    renderAt('/app/1/message/editpush', <Editor />);
    // the button says so before it is opened
    const button = await screen.findByRole('button', { name: /AI assistant \(off\)/ }, slow);
    fireEvent.mouseEnter(button);
    expect((await screen.findByRole('tooltip', {}, slow)).textContent).toContain('AI is not configured');
    fireEvent.click(button);
    const banner = await screen.findByTestId('ai-assistant-not-configured', {}, slow);
    expect(banner.textContent).toContain('AI is not configured — set AI_BASE_URL');
    expect(input().disabled).toBe(true);
    expect(screen.getByRole('button', { name: /Send/ })).toHaveProperty('disabled', true);
    expect(asked).toEqual([]);
  }, 60_000);

  it('keeps the conversation in local storage; a new dialog and the 10-message limit bound what is sent', async () => {
    await openAssistant();
    ask('First question');
    await screen.findByRole('button', { name: 'Use suggestion 1' }, slow);
    fireEvent.click(screen.getByRole('button', { name: /Close/ }));
    await waitFor(() => expect(screen.queryByTestId('ai-assistant')).toBeNull());
    const stored = JSON.parse(localStorage.getItem(storageKey(1)) ?? '{}') as { items: unknown[] };
    expect(stored.items).toHaveLength(2);

    // opened again: the conversation is still there, and the next question is sent with it
    fireEvent.click(screen.getByRole('button', { name: /AI assistant/ }));
    await screen.findByText('First question');
    await waitFor(() => expect(input().disabled).toBe(false), slow);
    ask('Second question');
    await waitFor(() => expect(asked).toHaveLength(2));
    expect((asked[1]?.messages as Array<{ role: string }>).map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
    ]);
    await waitFor(() => expect(input().disabled).toBe(false), slow);

    // a new dialog: the earlier messages stay on screen but are not sent
    fireEvent.click(screen.getByRole('button', { name: /New dialog/ }));
    await screen.findByTestId('ai-new-dialog-mark');
    for (let i = 1; i <= 6; i++) {
      ask(`Question ${i}`);
      await waitFor(() => expect(asked).toHaveLength(2 + i));
      await waitFor(() => expect(input().disabled).toBe(false), slow);
    }
    const last = asked.at(-1)?.messages as Array<{ role: string; content: string }>;
    expect(last).toHaveLength(10);
    expect(last[0]).toEqual({ role: 'assistant', content: expect.stringContaining('suggestions') as string });
    expect(last.at(-1)).toEqual({ role: 'user', content: 'Question 6' });
    expect(last.some((m) => m.content === 'Second question')).toBe(false);
    // 19 s alone: a loaded full run took it past 60 s (and the next test then read its leftover conversation)
  }, 120_000);

  it('downloads the conversation and clears it after a confirmation', async () => {
    await openAssistant();
    ask('A weekend sale');
    await screen.findByRole('button', { name: 'Use suggestion 1' }, slow);
    const created: string[] = [];
    URL.createObjectURL = () => {
      created.push('blob:1');
      return 'blob:1';
    };
    URL.revokeObjectURL = () => undefined;
    fireEvent.click(screen.getByRole('button', { name: /Download/ }));
    await waitFor(() => expect(downloaded).toHaveLength(1));
    const contents = downloaded[0]?.contents as Array<{ role: string; content: string }>;
    expect(contents.map((c) => c.role)).toEqual(['user', 'assistant']);
    expect(contents[1]?.content).toContain('1. Weekend sale: 30% off');
    await waitFor(() => expect(created).toEqual(['blob:1']));

    fireEvent.click(screen.getByRole('button', { name: /Clear/ }));
    const confirm = await screen.findByText('Clear the whole conversation? It cannot be restored.');
    expect(localStorage.getItem(storageKey(1))).not.toBeNull();
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.queryByText('A weekend sale')).toBeNull());
    expect(localStorage.getItem(storageKey(1))).toBeNull();
    await screen.findByTestId('ai-intro');
  }, 60_000);

  it('answers a refusal before the stream (the JSON envelope) in the chat', async () => {
    chatAnswer = () => json(200, { status: 2006, msg: 'Unknown app' });
    await openAssistant();
    ask('Hello');
    expect((await screen.findByTestId('ai-error', {}, slow)).textContent).toContain('Unknown app');
  }, 60_000);
});
