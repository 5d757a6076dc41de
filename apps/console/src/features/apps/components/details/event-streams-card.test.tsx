import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type EventStreamStatus } from '@beacon/shared';
import { i18n, setLanguage } from '../../../../i18n';
import { ok, restoreAfterEach, slow, stubApi } from '../../../../test/screen-api';
import { renderAt } from '../../../../test-utils';
import { EventStreamsCard } from './event-streams-card';

const STATUS: EventStreamStatus = {
  configured: true,
  enabled: true,
  url: 'https://example.com/hook',
  types: ['sent'],
  maxAgeHours: 24,
  backlog: 0,
  oldestPendingSeconds: null,
  delivered: 0,
  failedPosts: 0,
  dropped: 0,
  failures: 0,
  nextAttemptAt: null,
  lastSuccessAt: null,
  recentFailures: [],
  jetstream: false,
  exports: [],
};

let saved: unknown[] = [];

describe('EventStreamsCard: the hours typed out of range', () => {
  restoreAfterEach();
  beforeEach(async () => {
    saved = [];
    await act(async () => setLanguage('en'));
    await waitFor(() => expect(i18n.language).toBe('en'));
    stubApi((url, init) => {
      if (url.endsWith('/tcm/v1/app/1/event-streams')) return ok(STATUS);
      if (url.endsWith('/tcm/v1/app/1/event-streams/save')) {
        saved.push(JSON.parse(init?.body as string));
        return ok({ ...STATUS });
      }
      return undefined;
    });
  });

  // the next file of this worker reads English
  afterEach(async () => {
    await act(async () => setLanguage('en'));
  });

  const render = () => renderAt('/', <EventStreamsCard app={{ appId: 1, projectLevel: 200 }} />);
  const errorOf = (input: HTMLElement) =>
    input.closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';

  // the input's min / max set 500 to 168 on blur, and the save sent 168 without a word
  it('keeps the pending events’ hours as typed, names the range and does not save', slow, async () => {
    render();
    const input = await screen.findByLabelText<HTMLInputElement>('Keep pending events (hours)');
    await waitFor(() => expect(input.value).toBe('24'));
    fireEvent.change(input, { target: { value: '500' } });
    fireEvent.blur(input);
    await waitFor(() => expect(errorOf(input)).toBe('A whole number of hours from 1 to 168'));
    expect(input.value).toBe('500');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(input)).toBe('A whole number of hours from 1 to 168'));
    expect(saved).toEqual([]);
  });

  // the input's max set 100 to 48 on blur: a replay of other hours than typed
  it('keeps the replay’s hours as typed, names the range and offers no replay', slow, async () => {
    render();
    const input = await screen.findByRole<HTMLInputElement>('spinbutton', { name: 'Hours to replay' });
    fireEvent.change(input, { target: { value: '100' } });
    fireEvent.blur(input);
    expect((await screen.findByRole('alert')).textContent).toBe('A whole number of hours from 1 to 48');
    expect(input.value).toBe('100');
    expect(screen.getByRole('button', { name: 'Replay' }).hasAttribute('disabled')).toBe(true);
  });

  it('says the range in French', slow, async () => {
    await act(async () => setLanguage('fr'));
    await waitFor(() => expect(i18n.language).toBe('fr'));
    render();
    const input = await screen.findByRole<HTMLInputElement>('spinbutton', { name: 'Heures à rejouer' });
    fireEvent.change(input, { target: { value: '100' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Un nombre entier d’heures de 1 à 48');
  });
});
