import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One accepted POST /sdk/v1/events of a device: its advertising id and the events it reported. */
export interface ReportedEvents {
  gaid: string;
  events: Array<{ type: string; msgId: string }>;
}

/**
 * Beacon's device API behind a recording proxy: a simulated fleet talks to it as to Beacon, and every event report
 * Beacon accepted is kept in order (what the devices reported, independent of what the server counted).
 */
export class RecordingProxy {
  readonly reported: ReportedEvents[] = [];
  /** requests being forwarded right now (a test waits for 0 before comparing counts) */
  inFlight = 0;
  private server: Server | undefined;

  /** Starts forwarding to `target`; returns the proxy's base URL. */
  async start(target: string): Promise<string> {
    const server = createServer((req, res) => {
      this.inFlight++;
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        fetch(`${target}${req.url ?? '/'}`, {
          method: req.method ?? 'POST',
          headers: {
            authorization: req.headers.authorization ?? '',
            'content-type': req.headers['content-type'] ?? 'application/json',
          },
          body: body.length > 0 ? body : undefined,
        })
          .then(async (upstream) => {
            const text = await upstream.text();
            if (
              req.url === '/sdk/v1/events' &&
              upstream.ok &&
              (JSON.parse(text) as { status: number }).status === 200
            )
              this.reported.push(JSON.parse(body.toString('utf8')) as ReportedEvents);
            res.writeHead(upstream.status, { 'content-type': 'application/json; charset=utf-8' });
            res.end(text);
          })
          .catch((err: unknown) => {
            res.writeHead(502);
            res.end(String(err));
          })
          .finally(() => this.inFlight--);
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}
