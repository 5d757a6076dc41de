import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ApiError, errorBody } from './api-error';

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

/** The headers OpenAI puts on every answer that clients read back (`x-request-id` becomes `_request_id`). */
export function commonHeaders(): Record<string, string> {
  return { 'x-request-id': `req_${randomBytes(16).toString('hex')}` };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: object,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...commonHeaders(),
    ...headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendError(res: ServerResponse, error: ApiError): void {
  const text = errorBody(error);
  res.writeHead(error.status, {
    ...commonHeaders(),
    ...error.headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** An AbortSignal that fires when the client goes away before the answer is complete. */
export function clientGone(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Waits `ms` milliseconds; false when `signal` fired first. */
export async function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  if (ms <= 0) return true;
  try {
    await sleep(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}
