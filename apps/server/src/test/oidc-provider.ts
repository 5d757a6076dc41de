import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- oidc-provider v9 ships no type declarations; the little used here is typed below
import Provider from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Record<string, TestAccount>;
  /** The Beacon environment that points at this provider. */
  env: Record<string, string>;
  close(): Promise<void>;
}

interface ProviderInstance {
  callback(): (req: unknown, res: unknown) => void;
}
type ProviderClass = new (issuer: string, configuration: object) => ProviderInstance;

const ACCOUNTS: Record<string, TestAccount> = {
  alice: { sub: 'alice', email: 'alice@example.com', email_verified: true, name: 'Alice Example' },
  bob: { sub: 'bob', email: 'Bob.Local@Example.com', email_verified: true, name: 'Bob Local' },
  carol: { sub: 'carol', email: 'carol@example.com', email_verified: true, name: 'Carol Example' },
  mallory: { sub: 'mallory', email: 'victim@example.com', email_verified: false, name: 'Not Verified' },
};

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 and a free port, with one confidential client for
 * Beacon (client_secret_post, PKCE required) and the built-in development login and consent pages: the
 * login page accepts any password, the login name is the account id (a key of `accounts`).
 */
export async function startOidcProvider(publicUrl = 'http://beacon.test'): Promise<TestOidcProvider> {
  const server = createServer();
  // Node closes idle keep-alive sockets after 5 s; a client that reuses one just then gets ECONNRESET (seen when a
  // test starts a second Beacon app, which takes longer than that, and its discovery reuses fetch's pooled socket).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'beacon';
  const clientSecret = 'beacon-test-secret-0123456789abcdef';
  const redirectUrl = `${publicUrl}/login`;

  const provider = new (Provider as ProviderClass)(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        token_endpoint_auth_method: 'client_secret_post',
        redirect_uris: [redirectUrl],
        post_logout_redirect_uris: [redirectUrl],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['beacon-test-cookie-key'] },
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          use: 'sig',
        },
      ],
    },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, id: string) => {
      const account = ACCOUNTS[id];
      return account && { accountId: id, claims: () => ({ ...account }) };
    },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    accounts: ACCOUNTS,
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_ALLOW_HTTP: '1',
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/**
 * Plays the browser at the provider: follows `authorizationUrl` with a cookie jar, signs in as `accountId`
 * on the login page, accepts the consent page, and returns the URL the provider sends back to Beacon
 * (the redirect_uri with code, state and iss), without fetching it.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  accountId: string,
  publicUrl = 'http://beacon.test',
): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    form = undefined;
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url);
      if (url.href.startsWith(`${publicUrl}/`)) return url;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action || !prompt)
      throw new Error(`unexpected provider page ${res.status} at ${url.href}: ${html.slice(0, 500)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url);
    form = new URLSearchParams(
      prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt },
    );
  }
  throw new Error('the provider did not send the browser back to Beacon');
}
