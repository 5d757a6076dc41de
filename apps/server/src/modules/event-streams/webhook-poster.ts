import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { createSecureContext, rootCertificates } from 'node:tls';
import { STREAM_SIGNATURE_HEADER } from '@beacon/shared';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: what a receiver recomputes (docs/event-streams.md). */
export function signature(secret: string, body: string, t: number): string {
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** What one post came to: ok on 2xx; otherwise the status (null when no answer came) and why. */
export type PostResult = { ok: true } | { ok: false; status: number | null; error: string };

export interface WebhookPosterOptions {
  /** extra CA certificates (PEM) trusted besides the system's (BEACON_STREAMS_CA_FILE) */
  ca?: string | undefined;
  timeoutMs?: number;
}

/**
 * Posts signed JSON bodies to webhooks over keep-alive connections (one pool per scheme), never throwing: a refused
 * connection, a timeout, a TLS failure or a non-2xx answer is a PostResult the delivery loop records and backs off on.
 */
export class WebhookPoster {
  private readonly httpsAgent: https.Agent;
  private readonly httpAgent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  private readonly timeoutMs: number;

  constructor(opts: WebhookPosterOptions = {}) {
    // extra CAs as one secure context made once: given as `ca`, the agent wrote the system's ~140 certificates into
    // the pool key of every request (https.Agent.getName, three times a post) — milliseconds of CPU a post
    this.httpsAgent = new https.Agent({
      keepAlive: true,
      maxSockets: 16,
      ...(opts.ca ? { secureContext: createSecureContext({ ca: [...rootCertificates, opts.ca] }) } : {}),
    });
    this.timeoutMs = opts.timeoutMs ?? 10_000;
  }

  post(url: string, secret: string, body: string, events: number, now = Date.now()): Promise<PostResult> {
    const u = new URL(url);
    const isHttps = u.protocol === 'https:';
    const headers = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'user-agent': 'Beacon-Streams/1',
      [STREAM_SIGNATURE_HEADER]: signature(secret, body, Math.floor(now / 1000)),
      'beacon-event-count': String(events),
    };
    return new Promise<PostResult>((resolve) => {
      const req = (isHttps ? https : http).request(
        u,
        {
          method: 'POST',
          headers,
          agent: isHttps ? this.httpsAgent : this.httpAgent,
          timeout: this.timeoutMs,
        },
        (res) => {
          const status = res.statusCode ?? 0;
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (text.length < 200) text += chunk;
          });
          res.on('end', () =>
            resolve(
              status >= 200 && status < 300
                ? { ok: true }
                : { ok: false, status, error: `HTTP ${status}${text ? `: ${text.slice(0, 200)}` : ''}` },
            ),
          );
          res.on('error', (err) => resolve({ ok: false, status, error: err.message }));
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${this.timeoutMs} ms`)));
      req.on('error', (err) => resolve({ ok: false, status: null, error: err.message }));
      req.end(body);
    });
  }

  close(): void {
    this.httpsAgent.destroy();
    this.httpAgent.destroy();
  }
}
