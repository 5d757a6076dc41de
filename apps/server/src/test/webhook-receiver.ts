import { createHmac, timingSafeEqual } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { generateTls } from '@beacon/fcm-emulator/certs';

/** One event as a receiver got it. */
export interface ReceivedEvent {
  id: number;
  type: string;
  messageId: number;
  gaid: string | null;
  at: string;
  lossCode?: number;
}

/**
 * How the receiver treats a post: `up` answers 200, `error` 500 (events not taken), `slow` takes the events and answers
 * 200 only after `slowMs` (later than the poster waits), `drop-before` drops the connection as the request arrives
 * (nothing read), `drop-after` reads the body, takes the events and drops the connection without answering.
 */
export type ReceiverMode = 'up' | 'error' | 'slow' | 'drop-before' | 'drop-after';

/**
 * A webhook receiver over HTTPS (a fresh CA and a certificate for 127.0.0.1), verifying each post's signature as
 * docs/event-streams.md tells receivers to — written here from the doc, not from the server's code: `t=…,v1=…`,
 * HMAC-SHA256 of "<t>.<body>" with the secret, t within 5 minutes. `mode` (ReceiverMode) applies to every post but the
 * ones `script` names (one mode per post, in order); `down` closes the listening socket (connections refused) until
 * `up` again.
 */
export class WebhookReceiver {
  readonly tls = generateTls();
  secret = '';
  /** every event received, by id (the first copy), and the copies after it */
  readonly events = new Map<number, ReceivedEvent>();
  duplicates = 0;
  /** the ids received more than once */
  readonly duplicateIds = new Set<number>();
  /** copies whose content differed from the first of their id (must stay 0) */
  mismatched = 0;
  badSignatures = 0;
  posts = 0;
  /** the number of events in each post taken, in order */
  readonly postSizes: number[] = [];
  refusedPosts = 0;
  /** the posts whose events were taken but whose answer the poster never got (slow, drop-after): their ids */
  readonly takenUnanswered: Array<{ mode: ReceiverMode; ids: number[] }> = [];
  /** the posts dropped before they were read (drop-before) */
  droppedUnread = 0;
  /** the last post that verified: its signature header and raw body */
  last: { signature: string; body: string } | undefined;
  /** how long a `slow` post waits before it answers (ms) */
  slowMs = 3000;
  private server: https.Server | undefined;
  private port = 0;
  private mode: ReceiverMode = 'up';
  private readonly scripted: ReceiverMode[] = [];

  get url(): string {
    return `https://127.0.0.1:${this.port}/hook`;
  }

  async start(port = 0): Promise<void> {
    this.server = https.createServer({ key: this.tls.keyPem, cert: this.tls.certPem }, (req, res) => {
      const mode = this.scripted.shift() ?? this.mode;
      if (mode === 'drop-before') {
        this.droppedUnread++;
        req.socket.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const signature = String(req.headers['beacon-signature'] ?? '');
        if (!this.verify(signature, body)) {
          this.badSignatures++;
          res.writeHead(401).end('bad signature');
          return;
        }
        this.last = { signature, body };
        if (mode === 'error') {
          this.refusedPosts++;
          res.writeHead(500).end('receiver failing');
          return;
        }
        this.posts++;
        const events = (JSON.parse(body) as { events: ReceivedEvent[] }).events;
        this.postSizes.push(events.length);
        for (const e of events) {
          const first = this.events.get(e.id);
          if (!first) this.events.set(e.id, e);
          else {
            this.duplicates++;
            this.duplicateIds.add(e.id);
            if (JSON.stringify(first) !== JSON.stringify(e)) this.mismatched++;
          }
        }
        if (mode === 'drop-after') {
          this.takenUnanswered.push({ mode, ids: events.map((e) => e.id) });
          req.socket.destroy();
        } else if (mode === 'slow') {
          this.takenUnanswered.push({ mode, ids: events.map((e) => e.id) });
          setTimeout(() => {
            if (!res.destroyed) res.writeHead(200).end('ok, late');
          }, this.slowMs);
        } else res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port || this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  setMode(mode: ReceiverMode): void {
    this.mode = mode;
  }

  /** The next posts get these modes, one each, in order; then `mode` again. */
  script(...modes: ReceiverMode[]): void {
    this.scripted.push(...modes);
  }

  /** Stops listening (new connections refused) and drops the open ones. */
  async down(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  /** Listens again on the same port. */
  async up(): Promise<void> {
    if (!this.server) await this.start(this.port);
  }

  private verify(header: string, body: string): boolean {
    return WebhookReceiver.verifies(this.secret, header, body);
  }

  /** Whether `header` signs `body` with `secret` (and its t is within 5 minutes of now). */
  static verifies(secret: string, header: string, body: string): boolean {
    const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
    const t = Number(parts.t);
    if (!Number.isFinite(t) || Math.abs(Date.now() / 1000 - t) > 300 || !parts.v1) return false;
    const want = createHmac('sha256', secret).update(`${t}.${body}`).digest();
    const got = Buffer.from(parts.v1, 'hex');
    return got.length === want.length && timingSafeEqual(got, want);
  }

  countBy(type: string): number {
    let n = 0;
    for (const e of this.events.values()) if (e.type === type) n++;
    return n;
  }
}
