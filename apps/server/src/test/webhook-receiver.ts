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
 * A webhook receiver over HTTPS (a fresh CA and a certificate for 127.0.0.1), verifying each post's signature as
 * docs/event-streams.md tells receivers to — written here from the doc, not from the server's code: `t=…,v1=…`,
 * HMAC-SHA256 of "<t>.<body>" with the secret, t within 5 minutes. `mode`: `up` answers 200, `error` 500, `down`
 * closes the listening socket (connections refused) until `up` again.
 */
export class WebhookReceiver {
  readonly tls = generateTls();
  secret = '';
  /** every event received, by id (the first copy), and the copies after it */
  readonly events = new Map<number, ReceivedEvent>();
  duplicates = 0;
  /** copies whose content differed from the first of their id (must stay 0) */
  mismatched = 0;
  badSignatures = 0;
  posts = 0;
  refusedPosts = 0;
  private server: https.Server | undefined;
  private port = 0;
  private mode: 'up' | 'error' = 'up';

  get url(): string {
    return `https://127.0.0.1:${this.port}/hook`;
  }

  async start(port = 0): Promise<void> {
    this.server = https.createServer({ key: this.tls.keyPem, cert: this.tls.certPem }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (!this.verify(String(req.headers['beacon-signature'] ?? ''), body)) {
          this.badSignatures++;
          res.writeHead(401).end('bad signature');
          return;
        }
        if (this.mode === 'error') {
          this.refusedPosts++;
          res.writeHead(500).end('receiver failing');
          return;
        }
        this.posts++;
        for (const e of (JSON.parse(body) as { events: ReceivedEvent[] }).events) {
          const first = this.events.get(e.id);
          if (!first) this.events.set(e.id, e);
          else {
            this.duplicates++;
            if (JSON.stringify(first) !== JSON.stringify(e)) this.mismatched++;
          }
        }
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port || this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  setMode(mode: 'up' | 'error'): void {
    this.mode = mode;
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
    const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
    const t = Number(parts.t);
    if (!Number.isFinite(t) || Math.abs(Date.now() / 1000 - t) > 300 || !parts.v1) return false;
    const want = createHmac('sha256', this.secret).update(`${t}.${body}`).digest();
    const got = Buffer.from(parts.v1, 'hex');
    return got.length === want.length && timingSafeEqual(got, want);
  }

  countBy(type: string): number {
    let n = 0;
    for (const e of this.events.values()) if (e.type === type) n++;
    return n;
  }
}
