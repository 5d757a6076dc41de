import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userCalls } from '@beacon/shared';
import { apiRequest, configureApiClient } from './api-client';
import { ApiError } from './api-error';

const fetchMock = vi.fn<typeof fetch>();
const onUnauthorized = vi.fn();

function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

const user = { email: 'ada@example.com', ulevel: 100, source: 2, description: '' };

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  configureApiClient({ language: () => 'fr', onUnauthorized });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  onUnauthorized.mockReset();
});

describe('apiRequest', () => {
  it('returns the parsed data of a status 200 envelope', async () => {
    fetchMock.mockResolvedValue(reply({ status: 200, msg: 'ok', data: { ...user, extra: 'dropped' } }));
    await expect(apiRequest(userCalls.loginStatus)).resolves.toEqual(user);
  });

  it('POSTs the validated JSON body with the session cookie and the console language', async () => {
    fetchMock.mockResolvedValue(reply({ status: 200, msg: 'ok', data: user }));
    await apiRequest(userCalls.login, { body: { email: '  Ada@Example.com ', password: 'x' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/tcm/v1/user/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect((init?.headers as Record<string, string>)['Accept-Language']).toBe('fr');
    expect(JSON.parse(init?.body as string)).toEqual({ email: 'ada@example.com', password: 'x' });
  });

  it('sends GET calls without a body and query calls in the URL', async () => {
    fetchMock.mockResolvedValue(
      reply({
        status: 200,
        msg: '',
        data: { version: '1', sandbox: true, ssoEnabled: false, registrationEnabled: true },
      }),
    );
    await apiRequest(userCalls.systemInfo);
    expect(fetchMock.mock.calls[0]![1]?.body).toBeUndefined();
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('GET');

    fetchMock.mockResolvedValue(reply({ status: 200, msg: '', data: user }));
    await apiRequest(userCalls.ssoLogin, { query: { code: 'a b', state: 's1' } });
    expect(fetchMock.mock.calls[1]![0]).toBe('/tcm/v1/user/sso-login?code=a+b&state=s1');
  });

  it('throws the envelope code and the server message for a business error', async () => {
    fetchMock.mockResolvedValue(reply({ status: 1012, msg: 'the administrator still has 3 apps' }));
    const error = await failure(apiRequest(userCalls.remove, { body: { email: 'x@example.com' } }));
    expect(error.kind).toBe('business');
    expect(error.code).toBe(1012);
    expect(error.message).toBe('the administrator still has 3 apps');
  });

  it('falls back to the catalogue message in the console language when msg is empty', async () => {
    fetchMock.mockResolvedValue(reply({ status: 1003, msg: '' }));
    const error = await failure(apiRequest(userCalls.login, { body: { email: 'a@b.co', password: 'p' } }));
    expect(error.message).toBe('E-mail ou mot de passe incorrect');
  });

  it('keeps the field list of an invalid-input answer', async () => {
    fetchMock.mockResolvedValue(
      reply(
        { status: 400, msg: 'email: invalid', data: { fields: [{ field: 'email', message: 'invalid' }] } },
        400,
      ),
    );
    const error = await failure(apiRequest(userCalls.recover, { body: { email: 'a@b.co' } }));
    expect(error.code).toBe(400);
    expect(error.fields).toEqual([{ field: 'email', message: 'invalid' }]);
  });

  it('rejects invalid input before sending it', async () => {
    const error = await failure(
      apiRequest(userCalls.login, { body: { email: 'not-an-email', password: 'x' } }),
    );
    expect(error.code).toBe(400);
    expect(error.fields[0]?.field).toBe('email');
    // in the console's language (fr here), as the server would say it
    expect(error.fields[0]?.message).toBe('doit être une adresse e-mail valide');
    expect(error.message).toBe('email doit être une adresse e-mail valide');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('calls the 401 handler and throws an unauthorized error on HTTP 401', async () => {
    fetchMock.mockResolvedValue(reply({ status: 401, msg: 'Non connecté' }, 401));
    const error = await failure(apiRequest(userCalls.loginStatus));
    expect(error.kind).toBe('unauthorized');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reports HTTP 5xx as a server error, with the envelope message when there is one', async () => {
    fetchMock.mockResolvedValue(reply({ status: 500, msg: 'boom' }, 500));
    const error = await failure(apiRequest(userCalls.loginStatus));
    expect(error.kind).toBe('server');
    expect(error.message).toBe('boom');

    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const gateway = await failure(apiRequest(userCalls.loginStatus));
    expect(gateway.kind).toBe('server');
    expect(gateway.httpStatus).toBe(502);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports a network failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect((await failure(apiRequest(userCalls.loginStatus))).kind).toBe('network');
  });

  it('treats data that does not match the contract as a server error', async () => {
    fetchMock.mockResolvedValue(reply({ status: 200, msg: '', data: { email: 5 } }));
    expect((await failure(apiRequest(userCalls.loginStatus))).kind).toBe('server');
  });
});
