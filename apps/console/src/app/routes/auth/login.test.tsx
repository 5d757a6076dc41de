import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSsoReturn, SSO_RETURN_KEY, storeSsoReturn } from '../../../features/auth/lib/sso-return';
import { i18n, setLanguage } from '../../../i18n';
import { safeStorage } from '../../../lib/storage';
import { renderAt } from '../../../test-utils';
import LoginRoute from './login';

const user = { email: 'ada@example.com', ulevel: 0, source: 2, description: '' };
const info = { version: '1', sandbox: false, ssoEnabled: true, registrationEnabled: true };
const fetchMock = vi.fn<typeof fetch>();
const urlOf = (input: unknown) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : (input as Request).url;

function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fake server: answers by path; `signedIn` decides the login status. */
function serve(signedIn: boolean) {
  fetchMock.mockImplementation(async (input) => {
    const path = urlOf(input);
    if (path.startsWith('/tcm/v1/system/info')) return reply({ status: 200, msg: '', data: info });
    if (path.startsWith('/tcm/v1/user/login/status'))
      return signedIn
        ? reply({ status: 200, msg: '', data: user })
        : reply({ status: 401, msg: 'Not signed in' }, 401);
    if (path.startsWith('/tcm/v1/user/login') || path.startsWith('/tcm/v1/user/sso-login'))
      return reply({ status: 200, msg: '', data: user });
    return reply({ status: 404, msg: 'Not found' }, 404);
  });
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  window.localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  if (i18n.language !== 'en') await act(async () => setLanguage('en'));
  await waitFor(() => expect(i18n.language).toBe('en'));
});

describe('/login', () => {
  it('ssoLink: stores the date and the originating url before following the link', () => {
    const silence = vi.spyOn(console, 'error').mockImplementation(() => undefined); // jsdom cannot navigate away
    renderAt('/login?ssoLink=https%3A%2F%2Fidp.example%2Fauth&redirect=%2Fusers', <LoginRoute />);
    expect(readSsoReturn(safeStorage, Date.now())).toBe('/users');
    expect(fetchMock).not.toHaveBeenCalled();
    silence.mockRestore();
  });

  it('ssoLink: refuses a link that is not http(s)', () => {
    renderAt('/login?ssoLink=javascript%3Aalert(1)', <LoginRoute />);
    expect(screen.getByText('This sign-in link is not valid.')).toBeTruthy();
    expect(window.localStorage.getItem(SSO_RETURN_KEY)).toBeNull();
  });

  it('code: signs in with the code and returns to the stored SSO url', async () => {
    serve(false);
    storeSsoReturn(safeStorage, '/app/9/config/operate', Date.now() - 1000);
    renderAt('/login?code=abc&state=s1', <LoginRoute />);
    await waitFor(() => expect(location()).toBe('/app/9/config/operate'));
    expect(urlOf(fetchMock.mock.calls[0]![0])).toBe('/tcm/v1/user/sso-login?code=abc&state=s1');
  });

  it('neither: goes on at once when already signed in', async () => {
    serve(true);
    renderAt('/login?redirect=%2Fusers%3Fpage%3D2', <LoginRoute />);
    await waitFor(() => expect(location()).toBe('/users?page=2'));
  });

  it('neither: shows the sign-in form with SSO, and signs in with e-mail and password', async () => {
    serve(false);
    renderAt('/login', <LoginRoute />);
    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    // a phone shows its e-mail keyboard (inputMode, not type="email": the browser's own check would speak first)
    expect(email.getAttribute('inputmode')).toBe('email');
    expect(email.id).toBe('email');
    expect(await screen.findByRole('button', { name: /Sign in with SSO/ })).toBeTruthy();
    const password = document.querySelector<HTMLInputElement>('#password')!;
    act(() => {
      fireEvent.change(email, { target: { value: 'ada@example.com' } });
      fireEvent.change(password, { target: { value: 'secret' } });
    });
    fireEvent.submit(email.closest('form')!);
    await waitFor(() => expect(location()).toBe('/dashboard'));
    const loginCall = fetchMock.mock.calls.find(([path]) => urlOf(path) === '/tcm/v1/user/login');
    expect(JSON.parse(loginCall![1]!.body as string)).toEqual({
      email: 'ada@example.com',
      password: 'secret',
    });
  });

  it('neither: keeps the too-many-attempts answer, with its wait, above the form until the next try', async () => {
    serve(false);
    const server = fetchMock.getMockImplementation()!;
    const held = 'Too many sign-in attempts: try again in 8 seconds';
    fetchMock.mockImplementation(async (input, init) =>
      urlOf(input) === '/tcm/v1/user/login'
        ? reply({ status: 1007, msg: held, data: { retryAfterSeconds: 8 } }, 429)
        : server(input, init),
    );
    renderAt('/login', <LoginRoute />);
    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    act(() => {
      fireEvent.change(email, { target: { value: 'ada@example.com' } });
      fireEvent.change(document.querySelector('#password')!, { target: { value: 'secret' } });
    });
    fireEvent.submit(email.closest('form')!);
    expect(await screen.findByText(held)).toBeTruthy();
    expect(location()).toBe('/login');

    fetchMock.mockImplementation(server);
    fireEvent.submit(email.closest('form')!);
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(screen.queryByText(held)).toBeNull();
  });

  it('neither: the form’s errors follow a language switch, as if raised in the new language', async () => {
    serve(false);
    await act(async () => setLanguage('fr'));
    await waitFor(() => expect(i18n.language).toBe('fr'));
    renderAt('/login', <LoginRoute />);
    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    await screen.findByText('Connexion à Beacon');
    const errorAt = (id: string) =>
      document.getElementById(id)?.closest('.ant-form-item')?.querySelector('.ant-form-item-explain')
        ?.textContent;
    act(() => {
      fireEvent.change(email, { target: { value: 'not an address' } });
    });
    fireEvent.submit(email.closest('form')!);
    await waitFor(() => expect(errorAt('password')).toBe('Veuillez saisir un mot de passe'));
    await waitFor(() => expect(errorAt('email')).toBe('Veuillez saisir une adresse e-mail valide'));

    await act(async () => setLanguage('en'));
    await screen.findByText('Sign in to Beacon');
    // the required message of a rule, and the text a validator throws, both in English without touching the fields
    await waitFor(() => expect(errorAt('password')).toBe('Please enter a password'));
    expect(errorAt('email')).toBe('Please enter a valid e-mail address');
    expect(fetchMock.mock.calls.some(([path]) => urlOf(path) === '/tcm/v1/user/login')).toBe(false);
  });
});
