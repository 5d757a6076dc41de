import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BeaconApp } from '../app';
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

/** A Beacon app on a fresh database of `backend`, mailing through a local SMTP catcher. */
export async function startTestApp(
  backend: Backend,
  env: Record<string, string> = {},
  opts: { runWorkers?: boolean } = {},
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
    logger: false,
    mailer: createMailer(smtpUrl, config.mailFrom, { info: () => undefined }),
    runWorkers: opts.runWorkers ?? false,
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

/** A client that keeps the session cookie between calls, like a browser. */
export class TestClient {
  cookie = '';
  constructor(
    private readonly app: FastifyInstance,
    private readonly headers: Record<string, string> = {},
  ) {}

  async call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method,
      url,
      headers: { ...this.headers, ...(this.cookie ? { cookie: this.cookie } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const set = res.cookies.find((c) => c.name === 'beacon_session');
    if (set) {
      const cleared = !set.value || (set.expires !== undefined && set.expires.getTime() <= Date.now());
      this.cookie = cleared ? '' : `beacon_session=${set.value}`;
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
