import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';

describe('cli', () => {
  it('prints the base URL and serves the OpenAI client until SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', '--port', '0', '--api-key', 'k', '--model', 'cli-model'],
      { cwd: new URL('..', import.meta.url), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
      expect(line).toMatch(/^AI_EMULATOR_READY \{/);
      const ready = JSON.parse(line.slice('AI_EMULATOR_READY '.length)) as { baseURL: string; model: string };
      expect(ready.baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(ready.model).toBe('cli-model');
      const client = new OpenAI({ apiKey: 'k', baseURL: ready.baseURL, maxRetries: 0 });
      expect((await client.models.list()).data[0]!.id).toBe('cli-model');
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });
});
