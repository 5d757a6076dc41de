import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { langFromHeader } from './lang';
import { JSON_TYPE } from './register-call';
import { errorAnswer } from '../plugins/error-envelope';

/**
 * A route answered before Fastify, for the device API's hottest calls (a broadcast brings every device's events): the
 * same guard, rule and envelope as its Fastify route, without Fastify's request and reply objects, its router, its
 * hooks and its body parser for the calls that pass. Every call it cannot answer in full goes to the Fastify route,
 * which then answers it as it always has: before its body is read, the request itself; after, a copy (its method, URL,
 * headers and body) through `inject`. So a refusal (401, 400 naming the field, 413, 415…) is always Fastify's own.
 */
export interface FrontRoute<Caller> {
  method: 'POST';
  /** The exact path (a query string sends the call to Fastify). */
  url: string;
  /** From the headers alone: the caller the route acts for, or undefined for Fastify to answer (e.g. unknown credentials). */
  admit(req: IncomingMessage): Caller | undefined;
  /**
   * The answer's `data` for a parsed body the route's fast rule accepts, or undefined for Fastify to answer the call
   * (a body only the contract's schema can judge, or refuse naming the field). What it returns has been done: a
   * rejection is answered through errorAnswer, never handed to Fastify to be done again.
   */
  handle(caller: Caller, body: unknown): Promise<unknown> | undefined;
  /** After the front door answered (not when Fastify did: its hooks count those): the HTTP status. */
  answered?(statusCode: number): void;
}

/** The success envelope's text around the data (register-call.ts's envelope, written as the device API's routes are). */
const SUCCESS_HEAD = '{"status":200,"msg":"success","data":';

/**
 * The front of the HTTP server (http-server.ts gives it to Fastify as its server's request listener): its routes'
 * calls, else Fastify's handler.
 */
export class FrontDoor {
  private readonly routes = new Map<string, FrontRoute<unknown>>();
  /** Set when the server begins to close: every call then goes to Fastify, which answers 503 as it closes. */
  closing = false;
  /** Calls answered here, and calls handed to Fastify after their body was read (tests). */
  readonly counts = { answered: 0, handedOver: 0 };
  private app: FastifyInstance | undefined;

  constructor(private readonly bodyLimit: number) {}

  /** The Fastify instance a call read here is handed to (`inject`). */
  attach(app: FastifyInstance): void {
    this.app = app;
  }

  add<Caller>(route: FrontRoute<Caller>): void {
    this.routes.set(`${route.method} ${route.url}`, route);
  }

  /** The server's request listener. */
  dispatch(
    req: IncomingMessage,
    res: ServerResponse,
    fastify: (req: IncomingMessage, res: ServerResponse) => void,
  ): void {
    const route = this.routes.size === 0 ? undefined : this.routes.get(`${req.method} ${req.url}`);
    const app = this.app;
    if (route === undefined || this.closing || app === undefined) return fastify(req, res);
    const length = Number(req.headers['content-length']);
    if (
      !(length > 0 && length <= this.bodyLimit) ||
      req.headers['content-encoding'] !== undefined ||
      !JSON_TYPE.test(req.headers['content-type'] ?? '')
    )
      return fastify(req, res);
    const caller = route.admit(req);
    if (caller === undefined) return fastify(req, res);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
    });
    req.once('error', () => res.destroy());
    req.once('end', () => {
      const raw = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
      let body: unknown;
      let done: Promise<unknown> | undefined;
      try {
        // a body that is no JSON, or one only the schema can judge: Fastify's parser and validator answer it (node has
        // read exactly content-length bytes)
        body = JSON.parse(raw.toString('utf8'));
        done = route.handle(caller, body);
      } catch {
        done = undefined;
      }
      if (done === undefined) return this.handOver(app, req, res, raw);
      done.then(
        (data) => this.send(res, 200, `${SUCCESS_HEAD}${JSON.stringify(data)}}`, route),
        (err: unknown) => {
          const answer = errorAnswer(err, langFromHeader(req.headers['accept-language']), app.log, 'front');
          this.send(res, answer.statusCode, JSON.stringify(answer.body), route);
        },
      );
    });
  }

  private send(res: ServerResponse, statusCode: number, text: string, route: FrontRoute<unknown>): void {
    this.counts.answered++;
    route.answered?.(statusCode);
    // the headers Fastify's answer to the device API carries (plugins/security.ts: of the browser headers, nosniff)
    res.writeHead(statusCode, {
      'x-content-type-options': 'nosniff',
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  }

  /** The call, its body read, answered by Fastify: a copy of it through `inject`, the answer written as is. */
  private handOver(app: FastifyInstance, req: IncomingMessage, res: ServerResponse, body: Buffer): void {
    this.counts.handedOver++;
    app
      .inject({
        method: 'POST',
        url: req.url ?? '/',
        headers: req.headers,
        payload: body,
        remoteAddress: req.socket.remoteAddress ?? '127.0.0.1',
      })
      .then(
        (answer) => {
          const headers = { ...answer.headers };
          // the connection's own: this server's keep-alive, not the injected request's
          delete headers.connection;
          delete headers['keep-alive'];
          delete headers['transfer-encoding'];
          res.writeHead(answer.statusCode, headers);
          res.end(answer.rawPayload);
        },
        (err: unknown) => {
          app.log.error({ err }, 'front door: hand-over failed');
          res.destroy();
        },
      );
  }
}
