import { type AiEmulatorOptions } from './types';

const FLAGS = {
  '--port': 'AI_EMULATOR_PORT',
  '--host': 'AI_EMULATOR_HOST',
  '--api-key': 'AI_EMULATOR_API_KEY',
  '--model': 'AI_EMULATOR_MODEL',
  '--token-delay-ms': 'AI_EMULATOR_TOKEN_DELAY_MS',
} as const;

type Flag = keyof typeof FLAGS;

function isFlag(flag: string): flag is Flag {
  return flag in FLAGS;
}

function count(raw: string, flag: string, max = Infinity): number {
  const n = Number(raw);
  if (raw === '' || !Number.isInteger(n) || n < 0 || n > max)
    throw new Error(`${flag}: expected a whole number from 0 to ${max}, got "${raw}"`);
  return n;
}

/**
 * Parses the CLI flags, falling back to AI_EMULATOR_* environment variables:
 * --port N, --host ADDR, --api-key KEY, --model NAME, --token-delay-ms N (as `--flag value` or `--flag=value`).
 */
export function parseCliOptions(argv: readonly string[], env: NodeJS.ProcessEnv): AiEmulatorOptions {
  const raw = new Map<Flag, string>();
  for (const [flag, envName] of Object.entries(FLAGS) as [Flag, string][]) {
    const value = env[envName];
    if (value !== undefined && value !== '') raw.set(flag, value);
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    if (!isFlag(flag)) throw new Error(`unknown flag: ${arg}`);
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    raw.set(flag, value);
  }
  const options: AiEmulatorOptions = {};
  for (const [flag, value] of raw) {
    if (flag === '--port') options.port = count(value, flag, 65535);
    else if (flag === '--host') options.host = value;
    else if (flag === '--api-key') options.apiKey = value;
    else if (flag === '--model') options.model = value;
    else options.tokenDelayMs = count(value, flag);
  }
  return options;
}
