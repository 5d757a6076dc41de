import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps, type BeaconApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { createMailer } from '../mail/mailer';
import type { Backend } from './databases';
import { SmtpCatcher } from './smtp-catcher';

export const TEST_SECRET = 'ab'.repeat(32);

export interface TestApp extends BeaconApp {
  database: Database;
  config: Config;
  smtp: SmtpCatcher;
  close(): Promise<void>;
}

/**
 * A Beacon app on a fresh database of `backend`, mailing through a local SMTP catcher; silent unless `logger` (e.g.
 * a pino logger writing to a stream the test reads) is given.
 */
export async function startTestApp(
  backend: Backend,
  env: Record<string, string> = {},
  opts: { runWorkers?: boolean; logger?: AppDeps['logger']; consoleRoot?: string } = {},
): Promise<TestApp> {
  const smtp = new SmtpCatcher();
  const smtpUrl = await smtp.start();
  const config = loadConfig({
    BEACON_SECRET_KEY: TEST_SECRET,
    PUBLIC_URL: 'http://beacon.test',
    SMTP_URL: smtpUrl,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const database = await backend.open();
  const built = await buildApp({
    config,
    database,
    logger: opts.logger ?? false,
    mailer: createMailer(smtpUrl, config.mailFrom, { info: () => undefined }),
    runWorkers: opts.runWorkers ?? false,
    ...(opts.consoleRoot ? { consoleRoot: opts.consoleRoot } : {}),
  });
  await built.app.ready();
  return {
    ...built,
    database,
    config,
    smtp,
    close: async () => {
      await built.app.close();
      await database.close();
      await smtp.close();
    },
  };
}

/** Whether a cookie of `cookiePath` goes with a request for `requestPath` (RFC 6265 §5.1.4). */
function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

/**
 * A client that keeps the cookies it is given between calls, like a browser: each Set-Cookie replaces the cookie of
 * that name (an empty or expired one removes it), and a call sends the cookies whose path covers its URL.
 */
export class TestClient {
  private readonly jar = new Map<string, { value: string; path: string }>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly headers: Record<string, string> = {},
  ) {}

  /** Every cookie held, as a Cookie header (`name=value; …`), '' when none. */
  get cookie(): string {
    return [...this.jar].map(([name, c]) => `${name}=${c.value}`).join('; ');
  }

  /** Replaces the cookies held by those of a Cookie header (for the whole site); '' forgets them all. */
  set cookie(header: string) {
    this.jar.clear();
    for (const part of header.split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0) this.jar.set(part.slice(0, eq).trim(), { value: part.slice(eq + 1).trim(), path: '/' });
    }
  }

  async call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse> {
    const path = url.split('?')[0] ?? '/';
    const cookie = [...this.jar]
      .filter(([, c]) => pathMatches(path, c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
    const res = await this.app.inject({
      method,
      url,
      headers: { ...this.headers, ...(cookie ? { cookie } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    for (const set of res.cookies) {
      const expired =
        (set.expires !== undefined && set.expires.getTime() <= Date.now()) ||
        (set.maxAge !== undefined && set.maxAge <= 0);
      if (!set.value || expired) this.jar.delete(set.name);
      else
        this.jar.set(set.name, { value: set.value, path: set.path ?? (path.replace(/\/[^/]*$/, '') || '/') });
    }
    return res;
  }

  post(url: string, body: unknown = {}) {
    return this.call('POST', url, body);
  }

  async login(email: string, password: string): Promise<LightMyRequestResponse> {
    return this.post('/tcm/v1/user/login', { email, password });
  }
}
