import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '../../../i18n';
import { renderAt } from '../../../test-utils';
import { ComposeScreen } from './compose-screen';

/** The compose form's errors after a console language switch: in the new language, as if raised in it. */
const APP_INFO = {
  appId: 1,
  title: 'Acme Shop',
  pkg: 'com.acme.shop',
  logo: '',
  ownerEmail: 'o@example.com',
  projectLevel: 200,
  reviewEnable: false,
  materialReviewEnable: false,
  advanceTarget: false,
  multiLangEnable: false,
  localTimeEnable: true,
  displayPriorityEnable: false,
  linksEnable: true,
  limitEnable: false,
  limitCount: 0,
  uploadFileLimit: 30,
  destroy: 0,
  serverUTC: '+0000',
  hasServiceAccount: true,
  commercialEnable: false,
};
const DICTS = {
  countries: [],
  languages: [],
  subLanguages: [],
  androidVersions: [],
  utcOffsets: ['+0000'],
  dailyMessageKinds: [],
  statisticsModes: [],
  brands: [],
  operators: [],
  appVersions: [],
  interestTags: [],
  audiencePackages: [],
  advancedTargeting: false,
};
const SLOW = { timeout: 15_000 };

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path.endsWith('/app/1/info')) return envelope(APP_INFO);
      if (path.endsWith('/app/1/icon')) return envelope({ icon: '/files/icon.png', color: '#1A73E8' });
      if (path.includes('/dict/1/all')) return envelope(DICTS);
      if (path.endsWith('/msg/target/max')) return envelope({ newCount: 10, exact: true });
      return new Response(JSON.stringify({ status: 404, msg: 'not found' }), { status: 404 });
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
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
