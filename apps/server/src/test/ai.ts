import { startAiEmulator, type AiEmulator } from '@beacon/ai-emulator';
import type { Backend } from './databases';
import { seedTeamClients, type Role, type TeamFixture } from './fixtures/team';
import { startTestApp, type TestApp } from './test-app';

/** The key the AI tests' app and emulator share. */
export const AI_API_KEY = 'sk-beacon-test';

export interface Envelope<D = Record<string, unknown>> {
  status: number;
  msg: string;
  data: D;
}

/** An app whose AI is the OpenAI-compatible emulator (2 s timeout), with a team of every role on one app. */
export interface AiTestApp {
  emu: AiEmulator;
  t: TestApp;
  f: TeamFixture;
  /** `/tcm/v1/app/{appId}` */
  base: string;
  /** POSTs as a team member; the answer's envelope */
  post: <D = Record<string, unknown>>(who: Role, url: string, body?: unknown) => Promise<Envelope<D>>;
  close(): Promise<void>;
}

export async function startAiTestApp(backend: Backend): Promise<AiTestApp> {
  const emu = await startAiEmulator({ apiKey: AI_API_KEY });
  const t = await startTestApp(backend, {
    AI_BASE_URL: `${emu.url}/v1`,
    AI_API_KEY: AI_API_KEY,
    AI_MODEL: 'beacon-test-model',
    AI_TIMEOUT_SECONDS: '2',
  });
  const f = await seedTeamClients(t);
  return {
    emu,
    t,
    f,
    base: `/tcm/v1/app/${f.appId}`,
    post: async <D = Record<string, unknown>>(who: Role, url: string, body: unknown = {}) =>
      (await f.clients[who].post(url, body)).json<Envelope<D>>(),
    close: async () => {
      await t.close();
      await emu.close();
    },
  };
}

/** The text of a message the emulator received. */
export const textOf = (m: { content?: unknown } | undefined): string =>
  typeof m?.content === 'string' ? m.content : '';

/** A content to translate: a placeholder, an emoji and a deep link that must come back untouched. */
export const TRANSLATE_SOURCE = {
  title: 'Hi {name}, your order shipped 🚚',
  desc: 'Track it: shop://orders/42',
  extra: '',
  button: 'Track',
  buttonExtra: ['Later'],
};
