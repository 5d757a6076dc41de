import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { appInfo, DICTS, ok, restoreAfterEach, slow, stubApi } from '../../../test/screen-api';
import { suggestionStream } from '../../../test/assistant-stream';
import { renderAt } from '../../../test-utils';
import { journeyDetail, stepRow } from './journey-fixtures';
import { JourneyEditorScreen } from './journey-editor-screen';

const SUGGESTION = { title: 'Thanks for looking', content: 'Here is 10% off your first order.', button: '' };

/** The assistant's streamed answer: the model's JSON in two tokens, then the reply item. */
const streamed = () => suggestionStream(SUGGESTION);

let saved: Array<Record<string, unknown>> = [];
let tracked: Array<Record<string, unknown>> = [];
let multiLang = false;

beforeEach(() => {
  saved = [];
  tracked = [];
  multiLang = false;
  localStorage.clear();
  stubApi((url, init) => {
    const body = () => JSON.parse(init?.body as string) as Record<string, unknown>;
    if (url.endsWith('/app/1/info')) return ok(appInfo({ serverUTC: '+0000', multiLangEnable: multiLang }));
    if (url.endsWith('/app/1/icon')) return ok({ icon: '/files/icon.png', color: '#1A73E8' });
    if (url.includes('/dict/1/all'))
      return ok({
        ...DICTS,
        languages: [{ code: 'fr', name: { en: 'French', zh: '法语', fr: 'français' } }],
      });
    if (url.endsWith('/app/1/msg/translate'))
      return ok({
        content: [{ lang: 'fr', title: 'Merci', desc: 'Voici 10 %', extra: '', button: '', buttonExtra: [] }],
        problems: [],
      });
    if (url.endsWith('/msg/target/max')) return ok({ newCount: 5000, exact: true });
    if (url.endsWith('/msg/flow/canvas/5/detail'))
      return ok(
        journeyDetail({
          childMsgs: [
            // the entry's content came from the assistant before: an edit keeps saying so
            stepRow('welcome', { msgId: 51, estimate: 12_345, contentCreateType: 1 }),
            stepRow('thanks', {
              msgId: 52,
              estimate: 321,
              displayConditions: { from: 'welcome', outcome: 'clicked', wait: { unit: 'days', value: 2 } },
            }),
          ],
        }),
      );
    if (url.endsWith('/msg/flow/canvas/save')) {
      saved.push(body());
      return ok({ id: 5, msgId: 5, status: 19 });
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

describe('the AI assistant in a journey step', () => {
  it('fills the step on the canvas, saves each step’s contentCreateType and records ai_use then ai_submit', async () => {
    renderAt('/app/1/message/editcanvas?id=5&act=edit', <JourneyEditorScreen appId={1} id={5} act="edit" />);
    fireEvent.click(await screen.findByTestId('outline-step-2', undefined, slow));
    const drawer = await screen.findByTestId('step-drawer', undefined, slow);
    fireEvent.click(await within(drawer).findByRole('button', { name: /AI assistant/ }, slow));
    const input = await screen.findByRole('textbox', { name: 'Message to the assistant' });
    await waitFor(() => expect(input).toHaveProperty('disabled', false), slow);
    fireEvent.change(input, { target: { value: 'A thank-you note' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: 'Use suggestion 1' }, slow));
    await waitFor(() => expect(tracked.map((t) => t.action)).toEqual(['ai_use']));

    const submit = screen.getByTestId('journey-submit');
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false), slow);
    fireEvent.click(submit);
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    const [entry, thanks] = saved[0]?.childMsgs as Array<Record<string, unknown>>;
    expect(saved[0]).not.toHaveProperty('contentCreateType');
    expect(entry).toMatchObject({ id: 51, groupTag: 'welcome', contentCreateType: 1 });
    // the suggestion reached the canvas (a filled form fires no change of its own)
    expect(thanks).toMatchObject({
      id: 52,
      groupTag: 'thanks',
      contentCreateType: 1,
      data: { noti_title: SUGGESTION.title, noti_desc: SUGGESTION.content },
    });
    await waitFor(() => expect(tracked.map((t) => t.action)).toEqual(['ai_use', 'ai_submit']));
    expect(tracked[1]).toEqual({ action: 'ai_submit', from: 'push', title: 'Onboarding' });
  }, 60_000);

  it('sends no contentCreateType for a step written by hand', async () => {
    renderAt('/app/1/message/editcanvas?id=5&act=edit', <JourneyEditorScreen appId={1} id={5} act="edit" />);
    await screen.findByTestId('node-thanks', undefined, slow);
    const submit = screen.getByTestId('journey-submit');
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false), slow);
    fireEvent.click(submit);
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    const [entry, thanks] = saved[0]?.childMsgs as Array<Record<string, unknown>>;
    expect(entry).toMatchObject({ contentCreateType: 1 });
    expect(thanks).not.toHaveProperty('contentCreateType');
    // the entry came from AI: its journey's submission is recorded
    await waitFor(() => expect(tracked.map((t) => t.action)).toEqual(['ai_submit']));
  }, 60_000);

  it('puts a machine translation of a step on the canvas too (a filled form fires no change of its own)', async () => {
    multiLang = true;
    renderAt('/app/1/message/editcanvas?id=5&act=edit', <JourneyEditorScreen appId={1} id={5} act="edit" />);
    fireEvent.click(await screen.findByTestId('outline-step-2', undefined, slow));
    const drawer = await screen.findByTestId('step-drawer', undefined, slow);
    fireEvent.click(await within(drawer).findByRole('switch', { name: 'Multi-language content' }, slow));
    fireEvent.click(await within(drawer).findByRole('button', { name: 'All languages' }, slow));
    const translate = await within(drawer).findByRole('button', { name: /Translate all/ }, slow);
    await waitFor(() => expect(translate).toHaveProperty('disabled', false), slow);
    fireEvent.click(translate);
    await waitFor(() => expect(within(drawer).getByDisplayValue('Merci')).toBeTruthy(), slow);

    const submit = screen.getByTestId('journey-submit');
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false), slow);
    fireEvent.click(submit);
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    const thanks = (saved[0]?.childMsgs as Array<Record<string, unknown>>)[1];
    expect(thanks?.multiLangContent).toEqual([
      expect.objectContaining({ lang: 'fr', title: 'Merci', desc: 'Voici 10 %' }),
    ]);
  }, 60_000);
});
