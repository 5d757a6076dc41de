import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { invalidApiKey, invalidRequest } from './api-error';
import { handleChatCompletion } from './chat-handler';
import { sendError, sendJson } from './http-io';
import {
  type AiEmulator,
  type AiEmulatorOptions,
  type RecordedRequest,
  type Responder,
  type ScriptedReply,
} from './types';

export const DEFAULT_MODEL = 'beacon-test-model';

class Emulator implements AiEmulator {
  readonly requests: RecordedRequest[] = [];
  readonly model: string;
  url = '';
  private queue: ScriptedReply[] = [];
  private responder: Responder | undefined;
  private readonly server: Server;
  private readonly created = Math.floor(Date.now() / 1000);

  constructor(private readonly opts: AiEmulatorOptions) {
    this.model = opts.model ?? DEFAULT_MODEL;
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(() => res.destroy());
    });
  }

  async listen(port: number, host: string): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => resolve());
    });
    const address = this.server.address() as AddressInfo;
    const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    this.url = `http://${hostPart}:${address.port}`;
  }

  script(...replies: ScriptedReply[]): void {
    this.queue.push(...replies);
  }

  respondWith(fn: Responder): void {
    this.responder = fn;
  }

  reset(): void {
    this.requests.length = 0;
    this.queue = [];
    this.responder = undefined;
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const auth = this.authProblem(req);
    if (auth !== undefined) return sendError(res, auth);
    if (req.method === 'POST' && path === '/v1/chat/completions')
      return handleChatCompletion(req, res, {
        tokenDelayMs: this.opts.tokenDelayMs ?? 0,
        record: (r) => this.requests.push(r),
        nextReply: (r) => this.nextReply(r),
      });
    if (req.method === 'GET' && path === '/v1/models')
      return sendJson(res, 200, { object: 'list', data: [this.modelEntry()] });
    if (req.method === 'GET' && path.startsWith('/v1/models/')) {
      const id = decodeURIComponent(path.slice('/v1/models/'.length));
      if (id === this.model) return sendJson(res, 200, this.modelEntry());
      return sendError(res, {
        ...invalidRequest(`The model '${id}' does not exist`, 'model', 'model_not_found'),
        status: 404,
      });
    }
    req.resume();
    return sendError(res, { ...invalidRequest(`Invalid URL (${req.method} ${path})`), status: 404 });
  }

  private authProblem(req: IncomingMessage): ReturnType<typeof invalidApiKey> | undefined {
    if (this.opts.apiKey === undefined) return undefined;
    const header = req.headers.authorization;
    const sent = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
    if (sent === this.opts.apiKey) return undefined;
    req.resume();
    return invalidApiKey(sent);
  }

  private nextReply(req: RecordedRequest): ScriptedReply | undefined {
    const scripted = this.queue.shift();
    if (scripted !== undefined) return scripted;
    if (this.responder === undefined) return undefined;
    const answer = this.responder(req);
    return typeof answer === 'string' ? { content: answer } : answer;
  }

  private modelEntry(): object {
    return { id: this.model, object: 'model', created: this.created, owned_by: 'beacon' };
  }
}

/** Starts an OpenAI-compatible chat-completions server; point the OpenAI client's baseURL at `${url}/v1`. */
export async function startAiEmulator(opts: AiEmulatorOptions = {}): Promise<AiEmulator> {
  const emulator = new Emulator(opts);
  await emulator.listen(opts.port ?? 0, opts.host ?? '127.0.0.1');
  return emulator;
}
