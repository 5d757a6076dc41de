import { type IncomingMessage, type ServerResponse } from 'node:http';
import {
  constants,
  type Http2Session,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
  type ServerHttp2Stream,
} from 'node:http2';

const JSON_TYPE = 'application/json; charset=UTF-8';

/** Sessions that sent GOAWAY, with the last stream id they still serve. */
const goneAway = new WeakMap<Http2Session, number>();
const MAX_BODY_BYTES = 1 << 20;

/** One request/response, whatever the transport (HTTP/2 stream or HTTP/1.1 request). */
export interface Exchange {
  readonly method: string;
  readonly path: string;
  readonly body: string;
  header(name: string): string | undefined;
  /** writes a JSON response; ignored when the peer has gone */
  reply(status: number, body: string, retryAfter?: number): void;
  /** announces the end of the connection (HTTP/2 GOAWAY, HTTP/1.1 `connection: close`); call before reply */
  goaway(): void;
  /** aborts without a response (HTTP/2 RST_STREAM INTERNAL_ERROR, HTTP/1.1 socket destroyed) */
  reset(): void;
}

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/** Response headers per status without Retry-After: node copies them, so one object per status serves every reply. */
const replyHeaders = new Map<number, OutgoingHttpHeaders>();

function headersFor(status: number, retryAfter: number | undefined): OutgoingHttpHeaders {
  if (retryAfter !== undefined)
    return { ':status': status, 'content-type': JSON_TYPE, 'retry-after': String(retryAfter) };
  let h = replyHeaders.get(status);
  if (h === undefined) {
    h = { ':status': status, 'content-type': JSON_TYPE };
    replyHeaders.set(status, h);
  }
  return h;
}

const EX = Symbol('fcmEmulatorExchange');
type TaggedStream = ServerHttp2Stream & { [EX]?: H2Exchange };

// A class with shared listeners (the stream carries its exchange) rather than closures per request.
class H2Exchange implements Exchange {
  body = '';
  /** the body so far: the first chunk alone (the common case), then an array */
  firstChunk: Buffer | undefined = undefined;
  chunks: Buffer[] | undefined = undefined;
  size = 0;
  private closeAfterReply = false;

  constructor(
    private readonly stream: ServerHttp2Stream,
    private readonly headers: IncomingHttpHeaders,
    readonly handle: (ex: Exchange) => void,
  ) {}

  get method(): string {
    return this.headers[':method'] ?? 'GET';
  }

  get path(): string {
    return this.headers[':path'] ?? '/';
  }

  header(name: string): string | undefined {
    return first(this.headers[name]);
  }

  reply(status: number, json: string, retryAfter?: number): void {
    const stream = this.stream;
    if (stream.destroyed || stream.closed) return;
    stream.respond(headersFor(status, retryAfter));
    stream.end(json);
    const session = stream.session;
    // Closed once this answer is on the wire, not at once: closed right away (node 20), some streams below the
    // GOAWAY's last-stream id were processed (delivered) yet their answers never reached the client, which sent them
    // again (faults/fcm-faults.test.ts: 98 of 2,000 devices got two deliveries); the close was not graceful
    if (this.closeAfterReply && session !== undefined)
      stream.once('close', () =>
        setImmediate(() => {
          if (!session.closed && !session.destroyed) session.close();
        }),
      );
  }

  goaway(): void {
    const session = this.stream.session;
    if (session === undefined || session.closed || session.destroyed) return;
    // one GOAWAY per session: its last-stream id must not grow (RFC 9113 §6.8)
    if (!goneAway.has(session)) {
      session.goaway(constants.NGHTTP2_NO_ERROR, this.stream.id);
      goneAway.set(session, this.stream.id ?? 0);
    }
    this.closeAfterReply = true;
  }

  reset(): void {
    if (!this.stream.destroyed) this.stream.close(constants.NGHTTP2_INTERNAL_ERROR);
  }
}

function onH2Data(this: TaggedStream, c: Buffer): void {
  const ex = this[EX];
  if (ex === undefined) return;
  ex.size += c.length;
  if (ex.size > MAX_BODY_BYTES) {
    this[EX] = undefined;
    this.close(constants.NGHTTP2_REFUSED_STREAM);
  } else if (ex.firstChunk === undefined) ex.firstChunk = c;
  else (ex.chunks ??= [ex.firstChunk]).push(c);
}

function onH2End(this: TaggedStream): void {
  const ex = this[EX];
  if (ex === undefined) return;
  this[EX] = undefined;
  const last = goneAway.get(this.session as Http2Session);
  if (last !== undefined && (this.id ?? 0) > last) {
    // after GOAWAY, streams above its last-stream id are refused unprocessed: the client may safely retry them.
    // Not at once: nghttp2 closes them itself as it sends the GOAWAY, and node (20) resetting a stream nghttp2 is
    // closing corrupts its heap (the process aborts); a turn later, only those still open are refused
    setImmediate(() => {
      if (!this.closed && !this.destroyed) this.close(constants.NGHTTP2_REFUSED_STREAM);
    });
    return;
  }
  if (ex.chunks !== undefined) ex.body = Buffer.concat(ex.chunks).toString('utf8');
  else if (ex.firstChunk !== undefined) ex.body = ex.firstChunk.toString('utf8');
  ex.handle(ex);
}

class H1Exchange implements Exchange {
  private close = false;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    readonly body: string,
  ) {}

  get method(): string {
    return this.req.method ?? 'GET';
  }

  get path(): string {
    return this.req.url ?? '/';
  }

  header(name: string): string | undefined {
    return first(this.req.headers[name]);
  }

  reply(status: number, json: string, retryAfter?: number): void {
    if (this.res.writableEnded || this.req.socket.destroyed) return;
    const headers: Record<string, string> = {
      'content-type': JSON_TYPE,
      'content-length': String(Buffer.byteLength(json)),
    };
    if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
    if (this.close) headers.connection = 'close';
    this.res.writeHead(status, headers).end(json);
  }

  goaway(): void {
    this.close = true;
  }

  reset(): void {
    this.req.socket.destroy();
  }
}

/** Reads an HTTP/2 stream's body, then hands the exchange to `handle`. */
export function fromH2Stream(
  stream: ServerHttp2Stream,
  headers: IncomingHttpHeaders,
  handle: (ex: Exchange) => void,
): void {
  (stream as TaggedStream)[EX] = new H2Exchange(stream, headers, handle);
  stream.on('error', ignore);
  stream.on('data', onH2Data);
  stream.on('end', onH2End);
}

/** Reads an HTTP/1.1 request's body, then hands the exchange to `handle`. */
export function fromH1Request(
  req: IncomingMessage,
  res: ServerResponse,
  handle: (ex: Exchange) => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('error', ignore);
  req.on('data', (c: Buffer) => {
    size += c.length;
    if (size > MAX_BODY_BYTES) req.socket.destroy();
    else chunks.push(c);
  });
  req.on('end', () => handle(new H1Exchange(req, res, Buffer.concat(chunks).toString('utf8'))));
}

function ignore(): void {
  // errors of a single stream or request (peer resets) only end that exchange
}
