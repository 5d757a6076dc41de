// What Beacon's logs may hold: no statement parameters, password hashes, session tokens, cookies, authorization
// headers, secrets or private keys (docs/operations.md, Security).
import type { LoggerOptions } from 'pino';

const CENSOR = '[redacted]';

/** Keys whose values never reach a log line, at the top level and one level down (`{ user: { passwordHash } }`). */
const SECRET_KEYS = [
  'password',
  'passwordHash',
  'password_hash',
  'newPassword',
  'oldPassword',
  'token',
  'sessionToken',
  'accessToken',
  'access_token',
  'refreshToken',
  'idToken',
  'id_token',
  'secret',
  'appSecret',
  'app_secret',
  'clientSecret',
  'client_secret',
  'privateKey',
  'private_key',
  'secretKey',
  'cookie',
  'authorization',
  'assertion',
  'params',
  'parameters',
];

/** Headers that carry credentials. */
const SECRET_HEADERS = ['authorization', 'cookie', '["set-cookie"]', '["proxy-authorization"]'];

/**
 * pino `redact` paths: the secret keys, and the credential headers wherever headers are logged (`req.headers`,
 * and @fastify/multipart's trace line `busboyOptions.headers`).
 */
export const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  ...SECRET_HEADERS.flatMap((h) => [
    `headers${h.startsWith('[') ? '' : '.'}${h}`,
    `*.headers${h.startsWith('[') ? '' : '.'}${h}`,
  ]),
];

/** Fields of a database error (node-postgres, PGlite) that say what failed without quoting any value. */
const ERROR_FIELDS = [
  'code',
  'severity',
  'position',
  'internalPosition',
  'routine',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'statusCode',
] as const;

/** The longest statement text kept (the SQL only: its parameters are never logged), and message. */
const QUERY_MAX = 500;
const MESSAGE_MAX = 2000;

/**
 * An error's message without what Drizzle appends (`Failed query: <sql>\nparams: <values>`): the parameters of a
 * failed statement hold whatever it wrote, a password hash included.
 */
function withoutParams(message: string): string {
  const cut = message.search(/\n\s*params:/);
  return cut === -1 ? message : message.slice(0, cut);
}

/**
 * The `err` serializer: type, message (without statement parameters), stack frames, the database error's code,
 * position, severity, constraint and table, and the SQL text (bounded) — never `params`, `detail` (PostgreSQL's
 * "Failing row contains (…)" quotes the row), `where`, `hint`, `internalQuery` or other properties. Causes are
 * serialised the same way (Drizzle wraps the driver's error).
 */
export function serializeError(err: unknown, depth = 0): Record<string, unknown> {
  if (!(err instanceof Error))
    return { type: typeof err, message: withoutParams(String(err)).slice(0, 1000) };
  const e = err as Error & Record<string, unknown>;
  const type = e.constructor?.name || e.name || 'Error';
  const message = withoutParams(String(e.message ?? '')).slice(0, MESSAGE_MAX);
  const frames = (typeof e.stack === 'string' ? e.stack : '').split('\n').filter((l) => /^\s+at /.test(l));
  const out: Record<string, unknown> = {
    type,
    message,
    stack: [`${type}: ${message}`, ...frames].join('\n'),
  };
  for (const key of ERROR_FIELDS) {
    const value = e[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (typeof e.query === 'string') out.query = e.query.slice(0, QUERY_MAX);
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** Query parameters whose values are credentials (mailed links' `token`, OpenID's `code` and `state` …). */
const SECRET_QUERY = /^(token|code|state|password|secret|key|access_token|id_token|assertion)$/i;

/** A request URL with the values of credential-like query parameters replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is kept as sent
      }
      return eq !== -1 && SECRET_QUERY.test(decoded) ? `${name}=${CENSOR}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remoteAddress?: string; remotePort?: number };
  headers?: Record<string, unknown>;
}

/** The `req` serializer (Fastify's fields, no headers): method, URL without credentials, host and address. */
function serializeRequest(req: LoggedRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
    host: req.host ?? req.headers?.host,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
    remotePort: req.socket?.remotePort,
  };
}

/** The `res` serializer: the status only (no Set-Cookie). */
function serializeResponse(res: { statusCode?: number }): Record<string, unknown> {
  return { statusCode: res.statusCode };
}

/** pino options of every Beacon logger (createLogger, buildApp's default): the serializers above and `redact`. */
export function logOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: {
      err: serializeError,
      error: serializeError,
      req: serializeRequest,
      res: serializeResponse,
    },
    redact: { paths: REDACT_PATHS, censor: CENSOR },
  };
}

/**
 * buildApp's `logger` dependency made safe: true (or nothing) → logOptions(level); options → merged over them; a
 * logger instance (made with logOptions by the entrypoints) and false are kept.
 */
export function safeLoggerOption<T extends object>(
  logger: T | LoggerOptions | boolean | undefined,
  level: string,
): T | LoggerOptions | false {
  if (logger === false) return false;
  if (logger === undefined || logger === true) return logOptions(level);
  if (typeof (logger as { child?: unknown }).child === 'function') return logger;
  const base = logOptions(level);
  const opts = logger as LoggerOptions;
  return { ...base, ...opts, serializers: { ...base.serializers, ...opts.serializers } };
}
