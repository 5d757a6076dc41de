import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../../i18n';
import { appInfo, DICTS, ok, restoreAfterEach, slow as SLOW, stubApi } from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { ComposeScreen } from './compose-screen';

/** The compose form's errors after a console language switch: in the new language, as if raised in it. */
beforeEach(() => {
  stubApi((url) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path.endsWith('/app/1/info')) return ok(appInfo({ serverUTC: '+0000' }));
    if (path.endsWith('/app/1/icon')) return ok({ icon: '/files/icon.png', color: '#1A73E8' });
    if (path.includes('/dict/1/all')) return ok(DICTS);
    if (path.endsWith('/msg/target/max')) return ok({ newCount: 10, exact: true });
    return undefined;
  });
});
restoreAfterEach();
afterEach(async () => {
  if (i18n.language !== 'en') await act(async () => setLanguage('en'));
  await waitFor(() => expect(i18n.language).toBe('en'));
});

/** Every error the form shows, by its field. */
const shownErrors = () =>
  [...document.querySelectorAll('.ant-form-item')].flatMap((item) => {
    const text = item.querySelector('.ant-form-item-explain')?.textContent;
    const id = item.querySelector('[id]')?.id ?? '';
    return text ? [`${id}: ${text}`] : [];
  });

async function submitEmpty(title: string, send: RegExp) {
  renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
  await screen.findByText(title, undefined, SLOW);
  await waitFor(
    () => expect((document.getElementById('pushCount') as HTMLInputElement).value).toBe('10'),
    SLOW,
  );
  // past the estimate: an error with a number in it, besides the required fields'
  fireEvent.change(document.getElementById('pushCount')!, { target: { value: '20000' } });
  fireEvent.click(screen.getByRole('button', { name: send }));
  await waitFor(() => expect(shownErrors().length).toBeGreaterThan(1), SLOW);
  return shownErrors();
}

describe('compose errors after a language switch', () => {
  it('shows the errors of a refused submission in the language switched to', async () => {
    const english = await submitEmpty('New notification', /Review and send/);
    cleanup();
    await act(async () => setLanguage('fr'));
    await waitFor(() => expect(i18n.language).toBe('fr'));
    const french = await submitEmpty('Nouvelle notification', /Vérifier et envoyer/);
    expect(french).toHaveLength(english.length);
    expect(french).not.toEqual(english);
    await act(async () => setLanguage('en'));
    await screen.findByText('New notification');
    await waitFor(() => expect(shownErrors()).toEqual(english));
  });
});
