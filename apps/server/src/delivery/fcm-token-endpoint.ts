// POST to a service account's token_uri over HTTP/1.1 (node:http / node:https).
import http from 'node:http';
import https from 'node:https';
import { type FcmResult } from './fcm-types';
import { parseRetryAfter } from './fcm-classify';
import { excerpt } from '../lib/excerpt';

/** A fetched access token, or the FcmResult explaining why there is none. */
export type TokenFetchResult =
  { ok: true; accessToken: string; expiresInMs: number } | { ok: false; result: FcmResult };

/** The most of a token endpoint answer kept (Google's is under 2 KB). */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Longest excerpt of a token endpoint's answer kept in a result's message (and so in logs and alerts). */
export const ANSWER_EXCERPT_CHARS = 200;

/** Posts the form body and maps the answer; never throws. */
export function postTokenRequest(
  tokenUri: string,
  body: string,
  opts: { ca?: string | Buffer; timeoutMs: number; now: () => number },
): Promise<TokenFetchResult> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(tokenUri);
    } catch {
      resolve({
        ok: false,
        result: {
          outcome: 'auth_error',
          httpStatus: 0,
          message: `invalid token_uri: ${excerpt(tokenUri, 100)}`,
        },
      });
      return;
    }
    const isHttps = url.protocol === 'https:';
    if (!isHttps && url.protocol !== 'http:') {
      resolve({
        ok: false,
        result: {
          outcome: 'auth_error',
          httpStatus: 0,
          message: `unsupported token_uri scheme: ${url.protocol}`,
        },
      });
      return;
    }
    const options: https.RequestOptions = {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': Buffer.byteLength(body),
        accept: 'application/json',
      },
      timeout: opts.timeoutMs,
    };
    if (isHttps && opts.ca !== undefined) options.ca = opts.ca;
    const req = (isHttps ? https : http).request(url, options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        // only the start of an answer is kept (an access token answer is a few hundred bytes)
        if (size < MAX_ANSWER_BYTES) chunks.push(c);
        size += c.length;
      });
      res.on('error', (e) => resolve(networkFailure(e)));
      res.on('end', () =>
        resolve(
          mapTokenResponse(
            res.statusCode ?? 0,
            Buffer.concat(chunks).toString('utf8'),
            headerValue(res.headers['retry-after']),
            opts.now(),
          ),
        ),
      );
    });
    req.on('timeout', () => {
      req.destroy();
      resolve({
        ok: false,
        result: { outcome: 'retry', reason: 'timeout', message: 'token endpoint timed out' },
      });
    });
    req.on('error', (e) => resolve(networkFailure(e)));
    req.end(body);
  });
}

/** Maps a token endpoint answer: 200 with access_token → ok; 4xx (invalid_grant …) → auth_error; 429/5xx → retry. */
export function mapTokenResponse(
  status: number,
  text: string,
  retryAfter: string | undefined,
  now: number,
): TokenFetchResult {
  let json: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) json = parsed as Record<string, unknown>;
  } catch {
    // non-JSON answer: mapped by status below
  }
  if (status === 200 && typeof json.access_token === 'string') {
    const expiresIn = typeof json.expires_in === 'number' ? json.expires_in : Number(json.expires_in ?? 3600);
    return {
      ok: true,
      accessToken: json.access_token,
      expiresInMs: (Number.isFinite(expiresIn) ? expiresIn : 3600) * 1000,
    };
  }
  // the answer is the endpoint's text: bounded and made one printable line before it reaches a log or an alert
  const code = typeof json.error === 'string' ? excerpt(json.error, 60) : '';
  const desc = excerpt(
    typeof json.error_description === 'string' ? json.error_description : text,
    ANSWER_EXCERPT_CHARS,
  );
  const message = `token endpoint: ${[code, desc].filter(Boolean).join(': ') || `HTTP ${status}`}`;
  if (status === 429 || status >= 500) {
    const result: FcmResult = {
      outcome: 'retry',
      reason: status === 500 ? 'internal' : 'unavailable',
      httpStatus: status,
      message,
    };
    const ra = parseRetryAfter(retryAfter, now);
    if (ra !== undefined) result.retryAfterMs = ra;
    return { ok: false, result };
  }
  return { ok: false, result: { outcome: 'auth_error', httpStatus: status, message } };
}

function networkFailure(e: Error): TokenFetchResult {
  return {
    ok: false,
    result: { outcome: 'retry', reason: 'network', message: `token endpoint: ${excerpt(e.message)}` },
  };
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}
