import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOSS_CODES } from '@beacon/shared';
import { i18n, setLanguage } from '../../../../i18n';
import { ok, restoreAfterEach, slow, stubApi } from '../../../../test/screen-api';
import { renderAt } from '../../../../test-utils';
import { WindowCapsCard } from './window-caps-card';

let saved: unknown[] = [];

describe('WindowCapsCard: the app’s frequency caps over any window', () => {
  restoreAfterEach();
  beforeEach(async () => {
    saved = [];
    await act(async () => setLanguage('en'));
    await waitFor(() => expect(i18n.language).toBe('en'));
    stubApi((url, init) => {
      if (url.endsWith('/tcm/v1/app/1/window-caps'))
        return ok({ notification: [{ maxMessages: 3, windowDays: 7 }], cross: [] });
      if (url.endsWith('/tcm/v1/app/1/window-caps/save')) {
        const body: unknown = JSON.parse(init?.body as string);
        saved.push(body);
        return ok(body);
      }
      return undefined;
    });
  });

  const render = () =>
    renderAt(
      '/',
      <App>
        <WindowCapsCard appId={1} />
      </App>,
    );

  it('shows the caps, adds and removes rows, and saves them', slow, async () => {
    render();
    const max = await screen.findByLabelText<HTMLInputElement>('Notifications, cap 1: messages');
    expect(max.value).toBe('3');
    expect(screen.getByLabelText<HTMLInputElement>('Notifications, cap 1: days').value).toBe('7');
    const cross = screen.getByTestId('caps-cross');
    expect(within(cross).getByText('No cap')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add a cap (Cross messages)' }));
    fireEvent.change(screen.getByLabelText('Cross messages, cap 1: messages'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Cross messages, cap 1: days'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a cap (Notifications)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Notifications cap 2' }));
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() =>
      expect(saved).toEqual([
        { notification: [{ maxMessages: 3, windowDays: 7 }], cross: [{ maxMessages: 10, windowDays: 30 }] },
      ]),
    );
  });

  it('says what is wrong at each field with the shared rule, and sends nothing', slow, async () => {
    render();
    const days = await screen.findByLabelText('Notifications, cap 1: days');
    fireEvent.change(days, { target: { value: '91' } });
    expect(await screen.findByText('Days must be at most 90')).toBeTruthy();
    expect(days.getAttribute('aria-invalid')).toBe('true');
    // the message is read out with the field
    const describedBy = days.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toContain('at most 90');
    fireEvent.change(days, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a cap (Notifications)' }));
    const max2 = screen.getByLabelText('Notifications, cap 2: messages');
    fireEvent.change(max2, { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Notifications, cap 2: days'), { target: { value: '7' } });
    expect(await screen.findByText('Messages must be at least 1')).toBeTruthy();
    // each window once a kind (checked once every value is in range)
    fireEvent.change(max2, { target: { value: '5' } });
    expect(await screen.findByText('Days is used twice')).toBeTruthy();
    fireEvent.keyDown(days, { key: 'Enter', code: 'Enter', charCode: 13 });
    expect(await screen.findByText('Correct the highlighted caps first')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('offers at most 5 caps a kind, in French too', slow, async () => {
    await act(async () => setLanguage('fr'));
    await waitFor(() => expect(i18n.language).toBe('fr'));
    render();
    const add = await screen.findByRole('button', { name: 'Ajouter un plafond (Notifications)' });
    for (let i = 0; i < 4; i++) fireEvent.click(add);
    expect(add.hasAttribute('disabled')).toBe(true);
    expect(LOSS_CODES[110]).toEqual([
      'Frequency cap reached',
      '已达频次上限',
      'Plafond de fréquence atteint',
    ]);
  });
});
