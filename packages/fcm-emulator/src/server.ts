import {
  createServer as createHttp1Server,
  type IncomingMessage,
  type Server as Http1Server,
  type ServerResponse,
} from 'node:http';
import {
  createSecureServer,
  createServer as createH2cServer,
  type ServerHttp2Session,
  type Http2SecureServer,
  type Http2Server,
  type ServerHttp2Stream,
} from 'node:http2';
import {
  createServer as createNetServer,
  type AddressInfo,
  type Server as NetServer,
  type Socket,
} from 'node:net';
import { type TlsMaterial } from './certs';
import { type Exchange, fromH1Request, fromH2Stream } from './exchange';

export interface TransportOptions {
  host: string;
  h2cPort: number | null;
  tlsPort: number | null;
  http1Port: number | null;
  maxConcurrentStreams: number;
  tls: TlsMaterial;
}

export interface Transports {
  h2cUrl: string;
  tlsUrl: string;
  http1Url: string;
  close(): Promise<void>;
}

type AnyServer = NetServer | Http1Server | Http2Server | Http2SecureServer;

const KEEP_ALIVE_MS = 65_000;

function h2Options(o: TransportOptions): {
  settings: { maxConcurrentStreams: number; initialWindowSize: number };
  maxSessionMemory: number;
} {
  // a generous session memory keeps nghttp2 from refusing streams under a benchmark's load; a 1 MiB stream
  // window lets a request body arrive in one go
  return {
    settings: { maxConcurrentStreams: o.maxConcurrentStreams, initialWindowSize: 1 << 20 },
    maxSessionMemory: 256,
  };
}

/**
 * Node's default 64 KiB connection window fills with 100 streams of ~600-byte bodies and stalls request bodies for
 * seconds; real FCM advertises a large window, so the emulator does too.
 */
function widenWindow(session: ServerHttp2Session): void {
  session.on('error', () => undefined);
  try {
    session.setLocalWindowSize(CONNECTION_WINDOW);
  } catch {
    /* the session may already be closing */
  }
}

const CONNECTION_WINDOW = 16 << 20;

function trackSockets(server: AnyServer, sockets: Set<Socket>): void {
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
}

/** The first bytes of every HTTP/2 connection with prior knowledge (RFC 9113 §3.4). */
const H2_PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1');

/**
 * Hands a cleartext connection to the HTTP/2 server when it opens with the HTTP/2 preface, else to the HTTP/1.1
 * server: one port serves both (Node's h2c server alone refuses HTTP/1.1), so a service account's token_uri can sit
 * on the FCM base URL's origin and still be fetched over HTTP/1.1.
 */
function routeByPreface(socket: Socket, h2: Http2Server, h1: Http1Server): void {
  socket.on('error', () => undefined);
  let head = Buffer.alloc(0);
  const onData = (chunk: Buffer) => {
    head = Buffer.concat([head, chunk]);
    const n = Math.min(head.length, H2_PREFACE.length);
    const isH2 = head.subarray(0, n).equals(H2_PREFACE.subarray(0, n));
    if (isH2 && n < H2_PREFACE.length) return; // not yet the whole preface
    socket.off('data', onData);
    socket.pause();
    socket.unshift(head);
    if (isH2) h2.emit('connection', socket);
    else {
      h1.emit('connection', socket);
      socket.resume();
    }
  };
  socket.on('data', onData);
}

function listen(server: AnyServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function url(scheme: 'http' | 'https', host: string, port: number): string {
  return `${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * Starts the enabled transports on `host`: cleartext HTTP/2 (h2c), TLS with ALPN h2 + http/1.1, and
 * cleartext HTTP/1.1. All hand their exchanges to `handle`.
 */
export async function startTransports(
  o: TransportOptions,
  handle: (ex: Exchange) => void,
): Promise<Transports> {
  const servers: AnyServer[] = [];
  const sockets = new Set<Socket>();
  const result = { h2cUrl: '', tlsUrl: '', http1Url: '' };
  try {
    if (o.h2cPort !== null) {
      const server = createH2cServer(h2Options(o));
      server.on('session', widenWindow);
      server.on('stream', (stream, headers) => fromH2Stream(stream as ServerHttp2Stream, headers, handle));
      server.on('sessionError', () => undefined);
      const h1 = createHttp1Server({ keepAliveTimeout: KEEP_ALIVE_MS }, (req, res) =>
        fromH1Request(req, res, handle),
      );
      h1.headersTimeout = KEEP_ALIVE_MS + 1000;
      // the port itself: HTTP/2 with prior knowledge (h2c), and HTTP/1.1 for clients that speak only that
      const front = createNetServer((socket) => routeByPreface(socket, server, h1));
      servers.push(front);
      trackSockets(front, sockets);
      result.h2cUrl = url('http', o.host, await listen(front, o.h2cPort, o.host));
    }
    if (o.tlsPort !== null) {
      const server = createSecureServer({
        ...h2Options(o),
        key: o.tls.keyPem,
        cert: o.tls.certPem,
        allowHTTP1: true,
      });
      server.on('session', widenWindow);
      server.on('request', (req, res) => {
        // HTTP/2 streams are served below; only HTTP/1.1 requests arrive here
        if (req.httpVersionMajor === 1)
          fromH1Request(req as unknown as IncomingMessage, res as unknown as ServerResponse, handle);
      });
      // registering 'request' installs the compatibility layer's 'stream' listener; serve raw streams instead
      server.removeAllListeners('stream');
      server.on('stream', (stream, headers) => fromH2Stream(stream as ServerHttp2Stream, headers, handle));
      server.on('sessionError', () => undefined);
      server.on('tlsClientError', () => undefined);
      servers.push(server);
      trackSockets(server, sockets);
      result.tlsUrl = url('https', o.host, await listen(server, o.tlsPort, o.host));
    }
    if (o.http1Port !== null) {
      const server = createHttp1Server({ keepAliveTimeout: KEEP_ALIVE_MS }, (req, res) =>
        fromH1Request(req, res, handle),
      );
      server.headersTimeout = KEEP_ALIVE_MS + 1000;
      servers.push(server);
      trackSockets(server, sockets);
      result.http1Url = url('http', o.host, await listen(server, o.http1Port, o.host));
    }
  } catch (err) {
    for (const s of servers) s.close();
    throw err;
  }
  return {
    ...result,
    async close() {
      const closed = servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())));
      for (const socket of sockets) socket.destroy();
      await Promise.all(closed);
    },
  };
}
