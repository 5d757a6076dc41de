import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true' || v === 'yes'));

/** A whole number from `min` to `max`; unset or empty gives `def`. */
const wholeNumber = (min: number, max: number, def: number) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(min).max(max).default(def));

/** proxy-addr's names for address ranges, which Fastify's trustProxy also accepts. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, a CIDR range (address/prefix length) or one of PROXY_RANGES. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits >= 1 && bits <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY: comma-separated addresses/CIDRs of the reverse proxies whose X-Forwarded-For is believed. */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const entries = (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const entry of entries.filter((e) => !isProxyEntry(e)))
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}" is not an IP address, a CIDR range (address/prefix) or one of loopback, linklocal, uniquelocal`,
      });
    return entries;
  });

/** The model asked when AI_MODEL is empty (the name Ollama gives Llama 3.1). */
export const DEFAULT_AI_MODEL = 'llama3.1';

/** Every environment variable Beacon reads; README.md and docs/operations.md list them with their defaults. */
export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_READ_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BEACON_SECRET_KEY: z.string().optional(),
  BEACON_ADMIN_EMAIL: z.string().optional(),
  BEACON_ADMIN_PASSWORD: z.string().optional(),
  BEACON_DEMO: bool,
  BEACON_REGISTRATION: bool,
  BEACON_ALLOW_PRIVATE_LINKS: bool,
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Beacon <no-reply@beacon.local>'),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_REDIRECT_URL: z.string().url().optional(),
  OIDC_ALLOW_HTTP: bool,
  FCM_BASE_URL: z.string().url().optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(168),
  COOKIE_SECURE: bool,
  TRUST_PROXY: trustProxy,
  NODE_ENV: z.string().optional(),
  // processes of `beacon serve|api` (node:cluster; --processes overrides it): entrypoints/cluster.ts
  BEACON_PROCESSES: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(256).optional(),
  ),
  // delivery throughput (docs/operations.md): the engine, the job queue and the FCM client
  BEACON_PAGE_SIZE: wholeNumber(1, 10_000, 1000),
  BEACON_DISPATCH_CONCURRENCY: wholeNumber(1, 256, 4),
  BEACON_DISPATCH_WINDOW: wholeNumber(1, 100_000, 250),
  BEACON_BATCH_PAGES: wholeNumber(1, 1000, 4),
  BEACON_DISPATCH_EXPIRE_SECONDS: wholeNumber(1, 3600, 60),
  // how long a send whose fate is unknown (its worker died or lost the database mid-request) waits for the device's
  // receipt before it is sent again (docs/scaling.md, "Exactly once across faults")
  BEACON_RECEIPT_WINDOW_SECONDS: wholeNumber(1, 86_400, 120),
  BEACON_JOB_MAINTENANCE_SECONDS: wholeNumber(1, 3600, 30),
  BEACON_JOURNEY_SWEEP_SECONDS: wholeNumber(1, 3600, 30),
  BEACON_JOURNEY_FEED_SECONDS: wholeNumber(1, 3600, 2),
  BEACON_AB_WINNER_SECONDS: wholeNumber(1, 3600, 30),
  // the host's name in the platform's System status (default: the machine's); 1–100 printable characters
  BEACON_HOST_NAME: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .max(100, 'must be at most 100 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces')
      .optional(),
  ),
  // days send records and stray device events are kept after their week ends (docs/operations.md, Retention);
  // 0 or off keeps them for ever
  BEACON_RETENTION_DAYS: z.preprocess(
    (v) => (v === '' ? undefined : typeof v === 'string' && v.trim().toLowerCase() === 'off' ? '0' : v),
    z.coerce
      .number({ error: 'must be a number of days (1 – 36500), or 0 or off to keep everything' })
      .int('must be a whole number of days')
      .min(0, 'must be a number of days (1 – 36500), or 0 or off to keep everything')
      .max(36_500, 'must be at most 36500 days (0 or off keeps everything)')
      .default(90),
  ),
  // the device events' log on NATS JetStream (docs/scaling.md): comma-separated servers; unset: events go to the database
  NATS_URL: z.string().optional(),
  // without NATS_URL: where the device events go first. direct: the device API records them (batches of 10 ms);
  // postgres: it appends them to a log table the workers apply every 2 s (migration 0063, docs/scaling.md)
  EVENTS_LOG: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
    z.enum(['direct', 'postgres'], { error: 'must be direct or postgres' }).default('direct'),
  ),
  // event streams out (docs/event-streams.md): the delivery loop's period, the backoff after a failed post, how long a
  // receiver may take to answer a post, extra CA certificates for webhooks (a PEM file), and where the daily exports
  // go (default DATA_DIR/exports)
  BEACON_STREAMS_POLL_MS: wholeNumber(20, 60_000, 1000),
  BEACON_STREAMS_BACKOFF_BASE_MS: wholeNumber(10, 600_000, 2000),
  BEACON_STREAMS_BACKOFF_MAX_SECONDS: wholeNumber(1, 86_400, 300),
  BEACON_STREAMS_TIMEOUT_MS: wholeNumber(100, 120_000, 10_000),
  BEACON_STREAMS_CA_FILE: z.string().optional(),
  BEACON_EXPORT_DIR: z.string().optional(),
  NATS_REPLICAS: wholeNumber(1, 5, 3),
  FCM_RATE_PER_MIN: wholeNumber(1, 1_000_000_000, 600_000),
  FCM_SESSIONS: wholeNumber(1, 1024, 16),
  FCM_STREAMS_PER_SESSION: wholeNumber(1, 10_000, 100),
  FCM_H2_BIND_FAST_PATH: bool,
  // the AI assistant and translation (docs/operations.md): any OpenAI-compatible chat-completions server
  AI_BASE_URL: z
    .union([
      z.literal(''),
      z.url().regex(/^https?:\/\//, 'must be an http(s) URL such as http://127.0.0.1:11434/v1'),
    ])
    .optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  AI_TIMEOUT_SECONDS: wholeNumber(1, 600, 60),
  // Prometheus metrics (docs/operations.md, Metrics): /metrics on PORT, or on a port of its own
  METRICS: bool,
  METRICS_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
  METRICS_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 printable characters without spaces')
      .optional(),
  ),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A streaming replica of DATABASE_URL for the reads that may lag (db/read-routing.ts); undefined = the primary. */
  databaseReadUrl: string | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  secretKey: Buffer;
  /** Where the secret key came from: BEACON_SECRET_KEY, or DATA_DIR/secret.key (read, or generated on first start). */
  secretKeySource: 'env' | 'file';
  admin: { email: string | undefined; password: string | undefined };
  demo: boolean;
  registrationEnabled: boolean;
  allowPrivateLinks: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  oidc:
    | { issuer: string; clientId: string; clientSecret: string; redirectUrl: string; allowHttp: boolean }
    | undefined;
  fcmBaseUrl: string | undefined;
  /**
   * NATS_URL (comma-separated servers), NATS_REPLICAS (default 3): the device events go to a JetStream stream of that
   * many replicas, applied to the database by the workers (modules/devices/events-log*.ts); undefined: straight there.
   */
  nats: { servers: string[]; replicas: number } | undefined;
  /**
   * EVENTS_LOG, without NATS_URL: `direct` (default), the device API records the events itself; `postgres`, it appends
   * them to a log table the workers apply in 2 s windows (modules/devices/events-log.pg.ts). With NATS_URL: `nats`.
   */
  eventsLog: 'direct' | 'postgres' | 'nats';
  /**
   * Event streams out (docs/event-streams.md): loop period, backoff, how long a post may wait for its answer (ms),
   * webhooks' extra CA file, the exports' folder.
   */
  streams: {
    pollMs: number;
    backoffBaseMs: number;
    backoffMaxMs: number;
    timeoutMs: number;
    caFile: string | undefined;
    exportDir: string;
  };
  sessionTtlMs: number;
  cookieSecure: boolean;
  /** Reverse proxies (addresses/CIDRs) whose X-Forwarded-For gives the client address; empty = none. */
  trustProxy: string[];
  /** NODE_ENV: `production` turns on the start warning about a secret key kept beside the PGlite data. */
  nodeEnv: string | undefined;
  /** BEACON_PROCESSES: processes of `beacon serve|api` (undefined = the default, entrypoints/cluster.ts). */
  processes: number | undefined;
  /** The delivery engine's and the job queue's knobs (docs/operations.md, Delivery throughput). */
  delivery: {
    /** devices read, filtered and reserved per statement */
    pageSize: number;
    /** dispatch jobs (batches) sent at once per worker process */
    dispatchConcurrency: number;
    /** FCM requests in flight per dispatch job */
    window: number;
    /** pages per batch */
    batchPages: number;
    /** how long a dispatch job (and the lease of its batch) may run before another worker takes the batch over */
    dispatchExpireSeconds: number;
    /** how long an ambiguous send (requested, no result recorded) waits for the device's receipt before a resend */
    receiptWindowSeconds: number;
    /** how often pg-boss expires the jobs of dead workers */
    jobMaintenanceSeconds: number;
    /** how often a worker looks for journey steps whose wait has ended (docs/journeys.md) */
    journeySweepSeconds: number;
    /** how often a delivery worker feeds event-started journeys' live steps (docs/journeys.md) */
    journeyFeedSeconds: number;
    /** how often a worker looks at the automatic A/B tests for a winner to send (docs/ab-tests.md) */
    abWinnerSeconds: number;
  };
  /** BEACON_HOST_NAME: this host's name in the platform's System status (undefined: the machine's, os.hostname()). */
  hostName: string | undefined;
  /**
   * BEACON_RETENTION_DAYS: days the send records and stray device events of a week are kept after it ends (their
   * partitions are dropped then: db/partitions.ts); 0 keeps them for ever.
   */
  retentionDays: number;
  /** The FCM client's: requests a minute per app, HTTP/2 sessions and streams each, node:http2's bind fast path. */
  fcm: { ratePerMinute: number; sessions: number; streamsPerSession: number; h2BindFastPath: boolean };
  /**
   * The AI provider (an OpenAI-compatible chat-completions endpoint); undefined when AI_BASE_URL is empty: the AI
   * calls then answer 1061 and nothing else changes.
   */
  ai: { baseUrl: string; apiKey: string; model: string; timeoutSeconds: number } | undefined;
  /**
   * Prometheus metrics (docs/operations.md, Metrics): undefined when off (neither METRICS=1 nor METRICS_PORT);
   * `port` undefined serves /metrics on PORT, else only on that port; `token`, when set, is the bearer token a scrape
   * must present.
   */
  metrics: { port: number | undefined; token: string | undefined } | undefined;
}

/** Parses the environment; fails fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const oidcParts = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean))
    throw new Error(
      'invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
    );
  if (e.METRICS === false && e.METRICS_PORT !== undefined)
    throw new Error('invalid configuration:\n  METRICS=0 and METRICS_PORT contradict each other: unset one');
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT)
    throw new Error(
      'invalid configuration:\n  METRICS_PORT must differ from PORT (unset it to serve /metrics on PORT)',
    );
  if (e.DATABASE_READ_URL && !e.DATABASE_URL)
    throw new Error(
      'invalid configuration:\n  DATABASE_READ_URL needs DATABASE_URL: the replica is of a PostgreSQL server, not of PGlite',
    );
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  const secret = resolveSecretKey(e.BEACON_SECRET_KEY, dataDir);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    databaseReadUrl: e.DATABASE_READ_URL || undefined,
    logLevel: e.LOG_LEVEL,
    secretKey: secret.key,
    secretKeySource: secret.source,
    admin: { email: e.BEACON_ADMIN_EMAIL || undefined, password: e.BEACON_ADMIN_PASSWORD || undefined },
    demo: e.BEACON_DEMO ?? true,
    registrationEnabled: e.BEACON_REGISTRATION ?? true,
    allowPrivateLinks: e.BEACON_ALLOW_PRIVATE_LINKS ?? false,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            redirectUrl: e.OIDC_REDIRECT_URL ?? `${publicUrl}/login`,
            allowHttp: e.OIDC_ALLOW_HTTP ?? false,
          }
        : undefined,
    fcmBaseUrl: e.FCM_BASE_URL || undefined,
    nats: e.NATS_URL?.trim()
      ? {
          servers: e.NATS_URL.split(',')
            .map((s) => s.trim())
            .filter(Boolean),
          replicas: e.NATS_REPLICAS,
        }
      : undefined,
    eventsLog: e.NATS_URL?.trim() ? 'nats' : e.EVENTS_LOG,
    streams: {
      pollMs: e.BEACON_STREAMS_POLL_MS,
      backoffBaseMs: e.BEACON_STREAMS_BACKOFF_BASE_MS,
      backoffMaxMs: e.BEACON_STREAMS_BACKOFF_MAX_SECONDS * 1000,
      timeoutMs: e.BEACON_STREAMS_TIMEOUT_MS,
      caFile: e.BEACON_STREAMS_CA_FILE || undefined,
      exportDir: path.resolve(e.BEACON_EXPORT_DIR || path.join(dataDir, 'exports')),
    },
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600 * 1000,
    cookieSecure: e.COOKIE_SECURE ?? publicUrl.startsWith('https://'),
    trustProxy: e.TRUST_PROXY,
    nodeEnv: e.NODE_ENV || undefined,
    processes: e.BEACON_PROCESSES,
    delivery: {
      pageSize: e.BEACON_PAGE_SIZE,
      dispatchConcurrency: e.BEACON_DISPATCH_CONCURRENCY,
      window: e.BEACON_DISPATCH_WINDOW,
      batchPages: e.BEACON_BATCH_PAGES,
      dispatchExpireSeconds: e.BEACON_DISPATCH_EXPIRE_SECONDS,
      receiptWindowSeconds: e.BEACON_RECEIPT_WINDOW_SECONDS,
      jobMaintenanceSeconds: e.BEACON_JOB_MAINTENANCE_SECONDS,
      journeySweepSeconds: e.BEACON_JOURNEY_SWEEP_SECONDS,
      journeyFeedSeconds: e.BEACON_JOURNEY_FEED_SECONDS,
      abWinnerSeconds: e.BEACON_AB_WINNER_SECONDS,
    },
    hostName: e.BEACON_HOST_NAME,
    retentionDays: e.BEACON_RETENTION_DAYS,
    fcm: {
      ratePerMinute: e.FCM_RATE_PER_MIN,
      sessions: e.FCM_SESSIONS,
      streamsPerSession: e.FCM_STREAMS_PER_SESSION,
      h2BindFastPath: e.FCM_H2_BIND_FAST_PATH ?? true,
    },
    ai: e.AI_BASE_URL
      ? {
          baseUrl: e.AI_BASE_URL.replace(/\/$/, ''),
          apiKey: e.AI_API_KEY || 'none',
          model: e.AI_MODEL || DEFAULT_AI_MODEL,
          timeoutSeconds: e.AI_TIMEOUT_SECONDS,
        }
      : undefined,
    metrics:
      e.METRICS || e.METRICS_PORT !== undefined
        ? { port: e.METRICS_PORT, token: e.METRICS_TOKEN }
        : undefined,
  };
}

/** BEACON_SECRET_KEY (hex or base64, 32 bytes) or a key generated once into DATA_DIR/secret.key. */
function resolveSecretKey(
  value: string | undefined,
  dataDir: string,
): { key: Buffer; source: Config['secretKeySource'] } {
  if (value) {
    const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
    if (key.length !== 32)
      throw new Error(
        'invalid configuration:\n  BEACON_SECRET_KEY must be 32 bytes (64 hex digits or base64)',
      );
    return { key, source: 'env' };
  }
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return { key: Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'), source: 'file' };
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  return { key, source: 'file' };
}
