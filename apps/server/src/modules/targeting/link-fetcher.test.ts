import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkError, LinkFetcher, type LinkFetchOptions, type Resolver } from './link-fetcher';

const IDS = '38400000-8cf0-11bd-b23e-10b96e40000d\n1b4e28ba-2fa1-11d2-883f-0016d3cca427\n';
let server: Server;
let port = 0;
let resolverCalls: string[] = [];

/** Names only this resolver knows: connecting to them proves the fetch uses the checked address, not a new lookup. */
const resolver: Resolver = async (host) => {
  resolverCalls.push(host);
  const table: Record<string, string[]> = {
    'files.example': ['127.0.0.1'],
    'internal.test': ['10.0.0.8'],
    'mixed.test': ['127.0.0.1', '10.0.0.9'],
    'v6.test': ['::ffff:169.254.169.254'],
  };
  const found = table[host];
  if (!found) throw new Error(`ENOTFOUND ${host}`);
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

/** The test's idea of "public": the one loopback address the test server listens on; 127.0.0.2 and the rest are not. */
const fetcher = (opts: Partial<LinkFetchOptions> = {}) =>
  new LinkFetcher({
    maxBytes: 1000,
    allowPrivate: false,
    resolve: resolver,
    isAllowedAddress: (ip) => ip === '127.0.0.1',
    idleTimeoutMs: 400,
    ...opts,
  });

async function get(
  f: LinkFetcher,
  link: string,
): Promise<{ text: string; url: string; name: string; size: number }> {
  const chunks: Buffer[] = [];
  const r = await f.fetch(link, (c) => {
    chunks.push(c);
  });
  return { ...r, text: Buffer.concat(chunks).toString() };
}

async function failure(p: Promise<unknown>): Promise<LinkError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LinkError);
  return err as LinkError;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const head = req.method === 'HEAD';
    const at = (location: string) => res.writeHead(302, { location }).end();
    switch (req.url) {
      case '/ids.txt':
        return res
          .writeHead(200, {
            'content-type': 'text/plain; charset=utf-8',
            'content-length': Buffer.byteLength(IDS),
          })
          .end(head ? undefined : IDS);
      case '/to-ids':
        return at('/ids.txt');
      case '/to-named':
        return at(`http://files.example:${port}/ids.txt`);
      case '/to-loopback':
        return at(`http://127.0.0.2:${port}/ids.txt`);
      case '/to-internal':
        return at(`http://internal.test:${port}/ids.txt`);
      case '/to-ftp':
        return at('ftp://files.example/ids.txt');
      case '/loop':
        return at('/loop');
      case '/lying':
        // HEAD claims 10 bytes; the GET streams 5000 without a length
        if (head) return res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '10' }).end();
        res.writeHead(200, { 'content-type': 'text/plain' });
        for (let i = 0; i < 50; i++) res.write(`${'a'.repeat(99)}\n`);
        return res.end();
      case '/big':
        return res
          .writeHead(200, { 'content-type': 'text/plain', 'content-length': '2000' })
          .end(head ? undefined : 'x'.repeat(2000));
      case '/big-get':
        if (head) return res.writeHead(405).end();
        return res
          .writeHead(200, { 'content-type': 'text/plain', 'content-length': '5000' })
          .end('x'.repeat(5000));
      case '/json':
        return res.writeHead(200, { 'content-type': 'application/json' }).end(head ? undefined : '[]');
      case '/no-head':
        if (head) return res.writeHead(405).end();
        return res.writeHead(200, { 'content-type': 'text/plain' }).end(IDS);
      case '/missing':
        return res.writeHead(404).end();
      case '/stall':
        res.writeHead(200, { 'content-type': 'text/plain' });
        if (!head) res.write('38400000-8cf0-11bd-b23e-10b96e40000d\n');
        return head ? res.end() : undefined; // the body never ends
      default:
        return res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('LinkFetcher', () => {
  it('downloads a text file, naming it by its last path segment', async () => {
    const r = await get(fetcher(), `http://127.0.0.1:${port}/ids.txt`);
    expect(r).toMatchObject({ text: IDS, name: 'ids.txt', size: Buffer.byteLength(IDS) });
  });

  it('connects to the address it checked: a name only the check resolver knows is reached, once per hop', async () => {
    resolverCalls = [];
    const r = await get(fetcher(), `http://files.example:${port}/ids.txt`);
    expect(r.text).toBe(IDS);
    expect(resolverCalls).toEqual(['files.example', 'files.example']); // HEAD, GET
  });

  it('follows redirects to allowed addresses, checking each hop', async () => {
    expect((await get(fetcher(), `http://127.0.0.1:${port}/to-ids`)).url).toBe(
      `http://127.0.0.1:${port}/ids.txt`,
    );
    expect((await get(fetcher(), `http://127.0.0.1:${port}/to-named`)).text).toBe(IDS);
  });

  it('refuses a redirect from an allowed host to a loopback or private address, and to another scheme', async () => {
    expect(
      (await failure(fetcher().fetch(`http://files.example:${port}/to-loopback`, () => undefined))).failure,
    ).toBe('private');
    const internal = await failure(fetcher().fetch(`http://127.0.0.1:${port}/to-internal`, () => undefined));
    expect(internal.failure).toBe('private');
    expect(internal.message).toContain('10.0.0.8');
    expect((await failure(fetcher().fetch(`http://127.0.0.1:${port}/to-ftp`, () => undefined))).failure).toBe(
      'invalid',
    );
    expect((await failure(fetcher().fetch(`http://127.0.0.1:${port}/loop`, () => undefined))).failure).toBe(
      'redirects',
    );
  });

  it('refuses a host when any of its addresses is not allowed, and IPv4 hidden in IPv6', async () => {
    expect(
      (await failure(fetcher().fetch(`http://mixed.test:${port}/ids.txt`, () => undefined))).failure,
    ).toBe('private');
    expect((await failure(fetcher().fetch(`http://v6.test:${port}/ids.txt`, () => undefined))).failure).toBe(
      'private',
    );
    expect(
      (await failure(fetcher().fetch(`http://nowhere.test:${port}/ids.txt`, () => undefined))).failure,
    ).toBe('unreachable');
  });

  it('by default refuses loopback, private and link-local addresses, and fetches them only when allowed', async () => {
    const strict = (allowPrivate: boolean) => new LinkFetcher({ maxBytes: 1000, allowPrivate });
    for (const link of [
      `http://127.0.0.1:${port}/ids.txt`,
      `http://localhost:${port}/ids.txt`,
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:9/x',
      'http://10.0.0.1/x',
    ]) {
      expect((await failure(strict(false).fetch(link, () => undefined))).failure, link).toBe('private');
    }
    expect((await get(strict(true), `http://127.0.0.1:${port}/ids.txt`)).text).toBe(IDS);
  });

  it('checks the size before downloading and cuts off a server that lies about it', async () => {
    const big = await failure(fetcher().fetch(`http://127.0.0.1:${port}/big`, () => undefined));
    expect(big).toMatchObject({ failure: 'too_big', size: 2000 });
    expect(
      await fetcher()
        .size(`http://127.0.0.1:${port}/big`)
        .catch((e: LinkError) => e.failure),
    ).toBe('too_big');
    expect(await fetcher().size(`http://127.0.0.1:${port}/ids.txt`)).toBe(Buffer.byteLength(IDS));
    expect(await fetcher().size(`http://127.0.0.1:${port}/no-head`)).toBeNull();
    expect(await failure(fetcher().fetch(`http://127.0.0.1:${port}/big-get`, () => undefined))).toMatchObject(
      { failure: 'too_big', size: 5000 },
    );
    let received = 0;
    const lying = await failure(
      fetcher().fetch(`http://127.0.0.1:${port}/lying`, (c) => void (received += c.length)),
    );
    expect(lying.failure).toBe('too_big');
    expect(received).toBeLessThanOrEqual(1000);
  });

  it('refuses non-text content, error statuses and a server that stops sending', async () => {
    expect((await failure(fetcher().fetch(`http://127.0.0.1:${port}/json`, () => undefined))).failure).toBe(
      'type',
    );
    expect(
      (await failure(fetcher().fetch(`http://127.0.0.1:${port}/missing`, () => undefined))).failure,
    ).toBe('status');
    expect((await get(fetcher(), `http://127.0.0.1:${port}/no-head`)).text).toBe(IDS);
    expect(['timeout', 'unreachable']).toContain(
      (await failure(fetcher().fetch(`http://127.0.0.1:${port}/stall`, () => undefined))).failure,
    );
    const deadline = await failure(
      fetcher({ idleTimeoutMs: 10_000, timeoutMs: 500 }).fetch(
        `http://127.0.0.1:${port}/stall`,
        () => undefined,
      ),
    );
    expect(deadline.failure).toBe('timeout');
  });
});
