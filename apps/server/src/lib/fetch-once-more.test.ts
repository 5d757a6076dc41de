import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchOnceMore } from './fetch-once-more';

/** An HTTP server on 127.0.0.1 that resets the first `resets` connections as soon as a request arrives on them. */
async function flakyServer(
  resets: number,
): Promise<{ url: string; bodies: string[]; connections: () => number; close: () => Promise<void> }> {
  let seen = 0;
  const bodies: string[] = [];
  const server = net.createServer((socket) => {
    const n = ++seen;
    let buf = '';
    socket.on('data', (chunk) => {
      if (n <= resets) {
        socket.resetAndDestroy();
        return;
      }
      buf += chunk.toString('utf8');
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(buf.slice(0, end))?.[1] ?? 0);
      if (buf.length < end + 4 + length) return;
      bodies.push(buf.slice(end + 4, end + 4 + length));
      socket.end(
        'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\nconnection: close\r\n\r\n{"ok":true}',
      );
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/token`,
    bodies,
    connections: () => seen,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

describe('fetchOnceMore', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('sends a request again, body included, when its connection was reset before any answer', async () => {
    const s = await flakyServer(1);
    close = s.close;
    const res = await fetchOnceMore(s.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code: 'abc' }),
    });
    expect(await res.json()).toEqual({ ok: true });
    expect(s.connections()).toBe(2);
    expect(s.bodies).toEqual(['code=abc']);
  });

  it('tries only once more: a second reset reaches the caller', async () => {
    const s = await flakyServer(2);
    close = s.close;
    await expect(fetchOnceMore(s.url)).rejects.toThrow(TypeError);
    expect(s.connections()).toBe(2);
  });

  it('does not repeat a refused connection or an aborted request', async () => {
    const s = await flakyServer(0);
    await s.close();
    await expect(fetchOnceMore(s.url)).rejects.toThrow(TypeError);
    const again = await flakyServer(5);
    close = again.close;
    const abort = new AbortController();
    abort.abort();
    await expect(fetchOnceMore(again.url, { signal: abort.signal })).rejects.toThrow();
    expect(again.connections()).toBe(0);
  });
});
