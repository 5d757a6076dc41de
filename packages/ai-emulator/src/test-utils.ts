import OpenAI, { type ClientOptions } from 'openai';
import { startAiEmulator } from './emulator';
import { type AiEmulator, type AiEmulatorOptions } from './types';

export interface Harness {
  emu: AiEmulator;
  /** The official client pointed at the emulator, with retries off unless `clientOptions` say otherwise. */
  client: OpenAI;
  close(): Promise<void>;
}

export const API_KEY = 'sk-test-emulator-key';

export function clientFor(emu: AiEmulator, options: ClientOptions = {}): OpenAI {
  return new OpenAI({ apiKey: API_KEY, baseURL: `${emu.url}/v1`, maxRetries: 0, ...options });
}

export async function harness(
  opts: AiEmulatorOptions = {},
  clientOptions: ClientOptions = {},
): Promise<Harness> {
  const emu = await startAiEmulator(opts);
  return { emu, client: clientFor(emu, clientOptions), close: () => emu.close() };
}

export const user = (content: string): { role: 'user'; content: string } => ({ role: 'user', content });
