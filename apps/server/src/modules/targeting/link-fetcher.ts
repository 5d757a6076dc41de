import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { GAID_LIST_LIMITS } from '@beacon/shared';
import { classifyAddress } from './address-policy';

export interface ResolvedAddress {
  address: string;
  family: number;
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** What went wrong with a link, so the service can answer with the right code and words. */
export type LinkFailure =
  'invalid' | 'private' | 'too_big' | 'unreachable' | 'status' | 'type' | 'redirects' | 'timeout';

export class LinkError extends Error {
  constructor(
    readonly failure: LinkFailure,
    message: string,
    /** For too_big: the announced size in bytes, when the server said it. */
    readonly size?: number,
  ) {
    super(message);
  }
}

export interface LinkFetchOptions {
  maxBytes: number;
  /** BEACON_ALLOW_PRIVATE_LINKS: loopback, private and link-local addresses may be fetched. */
  allowPrivate: boolean;
  resolve?: Resolver;
  /** Replaces the address rule (tests); default: public unicast addresses only, unless allowPrivate. */
  isAllowedAddress?: (ip: string) => boolean;
  timeoutMs?: number;
  idleTimeoutMs?: number;
  maxRedirects?: number;
}

export interface FetchedLink {
  /** The address the content came from, after redirects. */
  url: string;
  name: string;
  size: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const systemResolver: Resolver = async (host) => lookup(host, { all: true, verbatim: true });

function parseLink(link: string): URL {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new LinkError('invalid', 'must be an http:// or https:// address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new LinkError('invalid', 'must be an http:// or https:// address');
  return url;
}

function contentLength(res: IncomingMessage): number | null {
  const raw = res.headers['content-length'];
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
}

function nameOf(url: URL): string {
  const last = url.pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last).slice(0, 200) || url.hostname;
  } catch {
    return last.slice(0, 200) || url.hostname;
  }
}

/**
 * Fetches a file link for file targeting without letting it reach the inside of the network: every hop's host is
 * resolved once, refused when any of its addresses is loopback, private, link-local, unspecified or reserved (unless
 * allowed), and the connection goes to exactly the address that was checked (a pinned `lookup`), so a second DNS
 * answer cannot rebind it. Redirects are followed by hand (at most `maxRedirects`), each checked the same way. The
 * size is checked before use (HEAD, then the GET's Content-Length) and while reading, so a server that lies about it
 * is cut off at the limit. The whole exchange has a deadline and each hop an idle timeout.
 */
export class LinkFetcher {
  private readonly resolve: Resolver;
  private readonly allowed: (ip: string) => boolean;

  constructor(private readonly opts: LinkFetchOptions) {
    this.resolve = opts.resolve ?? systemResolver;
    this.allowed = opts.isAllowedAddress ?? ((ip) => opts.allowPrivate || classifyAddress(ip) === 'public');
  }

  /** The size a HEAD announces (after redirects); null when the server does not say or refuses HEAD. */
  async size(link: string): Promise<number | null> {
    return this.headSize(link, AbortSignal.timeout(this.opts.timeoutMs ?? GAID_LIST_LIMITS.linkTimeoutMs));
  }

  /** Downloads the link, handing every chunk to `onChunk` (awaited: back-pressure), within the size limit. */
  async fetch(link: string, onChunk: (chunk: Buffer) => Promise<void> | void): Promise<FetchedLink> {
    const signal = AbortSignal.timeout(this.opts.timeoutMs ?? GAID_LIST_LIMITS.linkTimeoutMs);
    await this.headSize(link, signal);
    const { res, url } = await this.exchange('GET', link, signal);
    try {
      const status = res.statusCode ?? 0;
      if (status < 200 || status > 299) throw new LinkError('status', `answered HTTP ${status}`);
      const announced = contentLength(res);
      if (announced !== null && announced > this.opts.maxBytes) throw this.tooBig(announced);
      const type = (res.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (type !== '' && !type.startsWith('text/'))
        throw new LinkError('type', `must be served as text (text/plain), not ${type}`);
      const encoding = (res.headers['content-encoding'] ?? 'identity').toLowerCase();
      if (encoding !== 'identity') throw new LinkError('type', `must not be compressed (${encoding})`);
      let size = 0;
      for await (const chunk of res as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > this.opts.maxBytes) throw this.tooBig();
        await onChunk(chunk);
      }
      return { url: url.href, name: nameOf(url), size };
    } catch (err) {
      throw this.mapError(err, signal);
    } finally {
      res.destroy();
    }
  }

  private tooBig(size?: number): LinkError {
    const mb = Math.round((this.opts.maxBytes / 1024 / 1024) * 100) / 100;
    return size === undefined
      ? new LinkError('too_big', `is larger than the upload limit of ${mb} MB`)
      : new LinkError(
          'too_big',
          `is ${Math.round((size / 1024 / 1024) * 100) / 100} MB, above the upload limit of ${mb} MB`,
          size,
        );
  }

  private async headSize(link: string, signal: AbortSignal): Promise<number | null> {
    const { res } = await this.exchange('HEAD', link, signal);
    res.resume();
    const status = res.statusCode ?? 0;
    // some servers refuse HEAD (405, 501, or 403 on signed links): the GET's own checks still apply
    if (status < 200 || status > 299) return null;
    const size = contentLength(res);
    if (size !== null && size > this.opts.maxBytes) throw this.tooBig(size);
    return size;
  }

  private async exchange(
    method: 'HEAD' | 'GET',
    link: string,
    signal: AbortSignal,
  ): Promise<{ res: IncomingMessage; url: URL }> {
    let url = parseLink(link);
    for (let hop = 0; ; hop++) {
      const address = await this.pin(url);
      const res = await this.send(method, url, address, signal);
      const location = res.headers.location;
      if (!REDIRECTS.has(res.statusCode ?? 0) || !location) return { res, url };
      res.destroy();
      if (hop >= (this.opts.maxRedirects ?? GAID_LIST_LIMITS.linkMaxRedirects))
        throw new LinkError('redirects', 'redirects too many times');
      url = parseLink(new URL(location, url).href);
    }
  }

  /** The checked address to connect to: every address of the host must be allowed. */
  private async pin(url: URL): Promise<ResolvedAddress> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const literal = isIP(host);
    let addresses: ResolvedAddress[];
    if (literal) addresses = [{ address: host, family: literal }];
    else {
      try {
        addresses = await this.resolve(host);
      } catch {
        throw new LinkError('unreachable', `host ${host} cannot be resolved`);
      }
    }
    const first = addresses[0];
    if (!first) throw new LinkError('unreachable', `host ${host} cannot be resolved`);
    const refused = addresses.find((a) => !this.allowed(a.address));
    if (refused)
      throw new LinkError(
        'private',
        `points to a non-public address (${host} is ${refused.address}, ${classifyAddress(refused.address)})`,
      );
    return first;
  }

  private send(
    method: 'HEAD' | 'GET',
    url: URL,
    pinned: ResolvedAddress,
    signal: AbortSignal,
  ): Promise<IncomingMessage> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const lookupPinned = ((_name: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
      if (options.all) cb(null, [pinned]);
      else cb(null, pinned.address, pinned.family);
    }) as unknown as LookupFunction;
    return new Promise((resolve, reject) => {
      const mod = url.protocol === 'https:' ? https : http;
      const req = mod.request(
        {
          host,
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method,
          agent: false,
          lookup: lookupPinned,
          signal,
          timeout: this.opts.idleTimeoutMs ?? GAID_LIST_LIMITS.linkIdleTimeoutMs,
          headers: {
            'user-agent': 'Beacon (GAID list)',
            accept: 'text/plain, text/*;q=0.9',
            'accept-encoding': 'identity',
          },
          ...(url.username
            ? { auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` }
            : {}),
          ...(url.protocol === 'https:' && !isIP(host) ? { servername: host } : {}),
        },
        resolve,
      );
      req.on('timeout', () => req.destroy(new LinkError('timeout', 'did not answer in time')));
      req.on('error', (err) => reject(this.mapError(err, signal)));
      req.end();
    });
  }

  private mapError(err: unknown, signal: AbortSignal): LinkError {
    if (err instanceof LinkError) return err;
    if (signal.aborted) return new LinkError('timeout', 'did not answer in time');
    return new LinkError('unreachable', `cannot be downloaded (${(err as Error).message})`);
  }
}
