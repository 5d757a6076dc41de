import { type EmulatorOptions } from './types';

export interface CliOptions {
  emulator: EmulatorOptions;
  caFile?: string;
}

const PORT_FLAGS = {
  '--h2c-port': ['h2cPort', 'FCM_EMULATOR_H2C_PORT'],
  '--tls-port': ['tlsPort', 'FCM_EMULATOR_TLS_PORT'],
  '--http1-port': ['http1Port', 'FCM_EMULATOR_HTTP1_PORT'],
} as const;

function port(raw: string, name: string): number | null {
  if (raw === 'off' || raw === 'none' || raw === '-1') return null;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new Error(`${name}: expected a port number or "off", got "${raw}"`);
  return n;
}

function count(raw: string, name: string): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name}: expected a non-negative number, got "${raw}"`);
  return n;
}

/**
 * Parses the CLI flags, falling back to FCM_EMULATOR_* environment variables:
 * --h2c-port/--tls-port/--http1-port N|off, --quota N, --latency-ms N, --no-store, --ca-file PATH, --host ADDRESS
 * (default 127.0.0.1; the address to listen on, e.g. a host's own in a test topology).
 */
export function parseCliOptions(argv: readonly string[], env: NodeJS.ProcessEnv): CliOptions {
  const emulator: EmulatorOptions = {};
  const out: CliOptions = { emulator };
  const raw = new Map<string, string>();
  for (const [flag, [, envName]] of Object.entries(PORT_FLAGS)) {
    const v = env[envName];
    if (v !== undefined && v !== '') raw.set(flag, v);
  }
  const envExtras: Record<string, string> = {
    '--quota': 'FCM_EMULATOR_QUOTA',
    '--latency-ms': 'FCM_EMULATOR_LATENCY_MS',
    '--ca-file': 'FCM_EMULATOR_CA_FILE',
    '--host': 'FCM_EMULATOR_HOST',
  };
  for (const [flag, envName] of Object.entries(envExtras)) {
    const v = env[envName];
    if (v !== undefined && v !== '') raw.set(flag, v);
  }
  let noStore = env.FCM_EMULATOR_NO_STORE === '1' || env.FCM_EMULATOR_NO_STORE === 'true';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--no-store') {
      noStore = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    if (!(flag in PORT_FLAGS) && !(flag in envExtras)) throw new Error(`unknown flag: ${arg}`);
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    raw.set(flag, value);
  }
  for (const [flag, value] of raw) {
    if (flag in PORT_FLAGS) emulator[PORT_FLAGS[flag as keyof typeof PORT_FLAGS][0]] = port(value, flag);
    else if (flag === '--quota') emulator.quota = { perMinute: count(value, flag) };
    else if (flag === '--latency-ms') emulator.latencyMs = count(value, flag);
    else if (flag === '--ca-file') out.caFile = value;
    else if (flag === '--host') emulator.host = value;
  }
  if (noStore) emulator.storeDeliveries = false;
  return out;
}
