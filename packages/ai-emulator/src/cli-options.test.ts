import { describe, expect, it } from 'vitest';
import { parseCliOptions } from './cli-options';

describe('parseCliOptions', () => {
  it('reads flags in both spellings', () => {
    expect(
      parseCliOptions(
        ['--port', '8788', '--api-key=x', '--model', 'y', '--host', '0.0.0.0', '--token-delay-ms=5'],
        {},
      ),
    ).toEqual({ port: 8788, apiKey: 'x', model: 'y', host: '0.0.0.0', tokenDelayMs: 5 });
  });

  it('falls back to AI_EMULATOR_* variables, flags winning', () => {
    const env = { AI_EMULATOR_PORT: '9000', AI_EMULATOR_MODEL: 'env-model', AI_EMULATOR_API_KEY: '' };
    expect(parseCliOptions(['--port', '9001'], env)).toEqual({ port: 9001, model: 'env-model' });
  });

  it('rejects unknown flags, missing values and bad numbers', () => {
    expect(() => parseCliOptions(['--nope'], {})).toThrow('unknown flag: --nope');
    expect(() => parseCliOptions(['--model'], {})).toThrow('--model needs a value');
    expect(() => parseCliOptions(['--port', '70000'], {})).toThrow('--port: expected a whole number');
    expect(() => parseCliOptions(['--token-delay-ms', '-1'], {})).toThrow('--token-delay-ms');
  });
});
