import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { z } from 'zod';
import type { Config } from '../../config';
import { retryNote } from './prompts/retry';

/** One message of a chat-completions conversation. */
export interface AiMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * A structured answer: the JSON schema sent as `response_format` (strict: every object closed, every property
 * required), the zod schema mirroring it (what is accepted), and optional further checks of the parsed value
 * (placeholders kept…), each problem in words the model can act on.
 */
export interface AnswerSchema<T> {
  name: string;
  json: Record<string, unknown>;
  zod: z.ZodType<T>;
  check?: (value: T) => string[];
}

/** What goes on the wire of a structured answer: its name and JSON schema. */
type WireSchema = Pick<AnswerSchema<unknown>, 'name' | 'json'>;

/**
 * The largest answer read from the provider, in bytes of the HTTP body (the JSON of a completion, or all the events
 * of a streamed one): a suggestion or a translation is a few KB, so past this the provider is misbehaving and the
 * request is aborted (1062) before the answer can fill the memory.
 */
export const AI_ANSWER_MAX_BYTES = 4 * 1024 * 1024;

/** The statuses retried once (as the openai client does): request timeout, lock, rate limit, server errors. */
const RETRIED_STATUSES = new Set([408, 409, 429]);
/** The wait before the retry when the provider says nothing (Retry-After). */
const DEFAULT_RETRY_MS = 500;

/** Why the provider could not answer, in words an operator can act on (shown after 1062 / 25201). */
export class AiProviderError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export interface CallOptions {
  /** Aborts the request (the browser went away). */
  signal?: AbortSignal;
}

/**
 * The one AI provider: any server speaking OpenAI's chat-completions protocol (Ollama, vLLM, llama.cpp's server, LM
 * Studio, OpenAI, Azure OpenAI's v1 endpoint) through the official client. One deadline, `AI_TIMEOUT_SECONDS`,
 * covers a whole request: the headers, the body (streamed or not) and the one retry on 408/409/429/5xx or a
 * connection error (after Retry-After, when that leaves time). An answer past `AI_ANSWER_MAX_BYTES` is aborted.
 * Without AI_BASE_URL `configured` is false and nothing is ever sent.
 */
export class AiProvider {
  private readonly client: OpenAI | undefined;

  constructor(private readonly config: Config['ai']) {
    this.client = config
      ? new OpenAI({
          baseURL: config.baseUrl,
          apiKey: config.apiKey,
          timeout: config.timeoutSeconds * 1000,
          // the retry is ours (retried), inside the request's deadline
          maxRetries: 0,
          fetch: cappedFetch(AI_ANSWER_MAX_BYTES),
        })
      : undefined;
  }

  get configured(): boolean {
    return this.client !== undefined;
  }

  get model(): string {
    return this.config?.model ?? '';
  }

  /** A plain text answer. */
  complete(messages: AiMessage[], opts?: CallOptions): Promise<string>;
  /**
   * A structured answer validated against `schema`; an answer that does not parse, validate or pass the checks is
   * asked again once with a note of what was wrong, then fails.
   */
  complete<T>(messages: AiMessage[], opts: CallOptions & { schema: AnswerSchema<T> }): Promise<T>;
  async complete<T>(
    messages: AiMessage[],
    opts: CallOptions & { schema?: AnswerSchema<T> } = {},
  ): Promise<T | string> {
    const { schema } = opts;
    if (!schema) return this.ask(messages, undefined, opts);
    const first = await this.ask(messages, schema, opts);
    const firstTry = validate(schema, first);
    if (firstTry.ok) return firstTry.value;
    return this.askAgain(messages, schema, first, firstTry.problems, opts);
  }

  /**
   * The second and last try of a structured answer: the conversation, the invalid answer and a note of its problems.
   * Used by `complete` and by callers that validated a streamed answer themselves.
   */
  async askAgain<T>(
    messages: AiMessage[],
    schema: AnswerSchema<T>,
    answer: string,
    problems: string[],
    opts: CallOptions = {},
  ): Promise<T> {
    const again = await this.ask(
      [...messages, { role: 'assistant', content: answer }, { role: 'user', content: retryNote(problems) }],
      schema,
      opts,
    );
    const secondTry = validate(schema, again);
    if (secondTry.ok) return secondTry.value;
    throw new AiProviderError(`invalid answer twice: ${secondTry.problems.slice(0, 5).join('; ')}`);
  }

  /** The answer's text deltas as they arrive (with `schema`, the deltas of the JSON answer). */
  async *stream(
    messages: AiMessage[],
    opts: CallOptions & { schema?: WireSchema } = {},
  ): AsyncGenerator<string, void, undefined> {
    const client = this.require();
    const call = this.deadline(opts.signal);
    try {
      const chunks = await this.retried(call, (signal) =>
        client.chat.completions.create(
          {
            model: this.model,
            messages,
            stream: true,
            ...(opts.schema ? { response_format: responseFormat(opts.schema) } : {}),
          },
          { signal },
        ),
      );
      let finish: string | null = null;
      for await (const chunk of chunks) {
        const choice = chunk.choices[0];
        if (choice?.delta.content) yield choice.delta.content;
        finish = choice?.finish_reason ?? finish;
      }
      // the client's iterator ends quietly when its request is aborted: the deadline or the browser gone
      call.throwIfAborted();
      if (finish === 'length') throw new AiProviderError('the answer was cut (finish_reason: length)');
    } catch (err) {
      throw call.failure(err);
    }
  }

  private require(): OpenAI {
    if (!this.client) throw new AiProviderError('AI is not configured');
    return this.client;
  }

  private async ask(
    messages: AiMessage[],
    schema: WireSchema | undefined,
    opts: CallOptions,
  ): Promise<string> {
    const client = this.require();
    const call = this.deadline(opts.signal);
    try {
      // the client reads and parses the whole body before it resolves: the deadline and the cap cover it
      const completion = await this.retried(call, (signal) =>
        client.chat.completions.create(
          {
            model: this.model,
            messages,
            ...(schema ? { response_format: responseFormat(schema) } : {}),
          },
          { signal },
        ),
      );
      const choice = completion.choices[0];
      if (choice?.finish_reason === 'length')
        throw new AiProviderError('the answer was cut (finish_reason: length)');
      const content = choice?.message.content ?? '';
      if (!content.trim()) throw new AiProviderError('the answer was empty');
      return content;
    } catch (err) {
      throw call.failure(err);
    }
  }

  /** One request's deadline (`AI_TIMEOUT_SECONDS` from now), joined with the caller's signal. */
  private deadline(cancel: AbortSignal | undefined): Call {
    const seconds = this.config?.timeoutSeconds ?? 0;
    const timer = AbortSignal.timeout(seconds * 1000);
    const signal = cancel ? AbortSignal.any([cancel, timer]) : timer;
    const timedOut = () => new AiProviderError(`no answer within ${seconds} s (AI_TIMEOUT_SECONDS)`);
    const cancelled = () => new AiProviderError('the request was cancelled');
    return {
      signal,
      timer,
      endsAt: Date.now() + seconds * 1000,
      throwIfAborted() {
        if (timer.aborted) throw timedOut();
        if (cancel?.aborted) throw cancelled();
      },
      failure(err) {
        if (err instanceof AiProviderError) return err;
        const tooLarge = causeOf(err, AnswerTooLarge);
        if (tooLarge) return new AiProviderError(tooLarge.message);
        if (timer.aborted || err instanceof APIConnectionTimeoutError) return timedOut();
        if (cancel?.aborted) return cancelled();
        return providerError(err);
      },
    };
  }

  /**
   * `send` once, and once more after a retryable failure (408, 409, 429, 5xx, no connection) when the wait the
   * provider asks for (Retry-After, else half a second) ends before the deadline; else the failure as it is.
   */
  private async retried<R>(call: Call, send: (signal: AbortSignal) => Promise<R>): Promise<R> {
    try {
      return await send(call.signal);
    } catch (err) {
      const waitMs = retryWaitMs(err);
      // no retry that could not start before the deadline: the provider's own answer says more than a timeout
      if (waitMs === undefined || call.signal.aborted || Date.now() + waitMs >= call.endsAt) throw err;
      try {
        await sleep(waitMs, undefined, { signal: call.signal });
      } catch {
        throw err;
      }
      return send(call.signal);
    }
  }
}

/** The deadline of one request and how its failures read. */
interface Call {
  signal: AbortSignal;
  timer: AbortSignal;
  /** When the deadline fires (ms since the epoch). */
  endsAt: number;
  throwIfAborted(): void;
  failure(err: unknown): AiProviderError;
}

/** The body of the answer passed AI_ANSWER_MAX_BYTES (the error of the capped body stream). */
class AnswerTooLarge extends Error {
  constructor(maxBytes: number) {
    super(`the answer is larger than ${maxBytes / (1024 * 1024)} MB; it was abandoned`);
    this.name = 'AnswerTooLarge';
  }
}

/**
 * The client's fetch with every response body capped at `maxBytes`: a declared content-length past it, or the bytes
 * read so far, error the body (AnswerTooLarge), which cancels the response and closes its connection.
 */
function cappedFetch(maxBytes: number): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    if (!res.body) return res;
    const declared = Number(res.headers.get('content-length') ?? 0);
    let read = 0;
    const counted = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        start(controller) {
          if (declared > maxBytes) controller.error(new AnswerTooLarge(maxBytes));
        },
        transform(chunk, controller) {
          read += chunk.byteLength;
          if (read > maxBytes) controller.error(new AnswerTooLarge(maxBytes));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

/** How long to wait before retrying `err`, or undefined when it is not retried. */
function retryWaitMs(err: unknown): number | undefined {
  if (!(err instanceof APIError) || err instanceof APIUserAbortError) return undefined;
  if (err instanceof APIConnectionTimeoutError) return undefined;
  // a connection error has no status
  const status = err.status as number | undefined;
  if (status !== undefined && !RETRIED_STATUSES.has(status) && status < 500) return undefined;
  const headers = err.headers as Headers | undefined;
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const after = headers?.get('retry-after');
  if (after) {
    const seconds = Number.parseFloat(after);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(after);
    if (Number.isFinite(date)) return Math.max(0, date - Date.now());
  }
  return DEFAULT_RETRY_MS;
}

/** The first error of type `type` in `err`'s cause chain. */
function causeOf<E extends Error>(err: unknown, type: new (...args: never[]) => E): E | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++)
    if (e instanceof type) return e;
  return undefined;
}

function responseFormat(schema: WireSchema) {
  return {
    type: 'json_schema' as const,
    json_schema: { name: schema.name, schema: schema.json, strict: true },
  };
}

/** The parsed answer, or what is wrong with it (not JSON, a rule of the schema, a further check). */
export function validate<T>(
  schema: AnswerSchema<T>,
  text: string,
): { ok: true; value: T } | { ok: false; problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problems: ['the answer is not valid JSON'] };
  }
  const parsed = schema.zod.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      problems: parsed.error.issues.map((i) => `${i.path.join('.') || 'answer'}: ${i.message}`),
    };
  const problems = schema.check?.(parsed.data) ?? [];
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: parsed.data };
}

/** The client's other errors as reasons: the provider's HTTP error (after the retry), no connection. */
function providerError(err: unknown): AiProviderError {
  if (err instanceof APIError) {
    if (err.status === undefined) return new AiProviderError(`cannot reach the provider: ${err.message}`);
    return new AiProviderError(`HTTP ${err.status}: ${err.message.replace(/^\d{3}\s*/, '')}`);
  }
  return new AiProviderError(err instanceof Error ? err.message : String(err));
}
