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
 * Studio, OpenAI, Azure OpenAI's v1 endpoint) through the official client. The client waits `AI_TIMEOUT_SECONDS` for
 * an answer and retries once on 408/409/429/5xx and connection errors, honouring Retry-After. Without AI_BASE_URL
 * `configured` is false and nothing is ever sent.
 */
export class AiProvider {
  private readonly client: OpenAI | undefined;

  constructor(private readonly config: Config['ai']) {
    this.client = config
      ? new OpenAI({
          baseURL: config.baseUrl,
          apiKey: config.apiKey,
          timeout: config.timeoutSeconds * 1000,
          maxRetries: 1,
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
    try {
      const chunks = await client.chat.completions.create(
        {
          model: this.model,
          messages,
          stream: true,
          ...(opts.schema ? { response_format: responseFormat(opts.schema) } : {}),
        },
        { signal: opts.signal },
      );
      let finish: string | null = null;
      for await (const chunk of chunks) {
        const choice = chunk.choices[0];
        if (choice?.delta.content) yield choice.delta.content;
        finish = choice?.finish_reason ?? finish;
      }
      if (finish === 'length') throw new AiProviderError('the answer was cut (finish_reason: length)');
    } catch (err) {
      throw providerError(err, this.config?.timeoutSeconds ?? 0);
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
    try {
      const completion = await client.chat.completions.create(
        {
          model: this.model,
          messages,
          ...(schema ? { response_format: responseFormat(schema) } : {}),
        },
        { signal: opts.signal },
      );
      const choice = completion.choices[0];
      if (choice?.finish_reason === 'length')
        throw new AiProviderError('the answer was cut (finish_reason: length)');
      const content = choice?.message.content ?? '';
      if (!content.trim()) throw new AiProviderError('the answer was empty');
      return content;
    } catch (err) {
      throw providerError(err, this.config?.timeoutSeconds ?? 0);
    }
  }
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

/** The client's errors as reasons: a timeout, the provider's HTTP error (after the retry), no connection. */
function providerError(err: unknown, timeoutSeconds: number): AiProviderError {
  if (err instanceof AiProviderError) return err;
  if (err instanceof APIConnectionTimeoutError)
    return new AiProviderError(`no answer within ${timeoutSeconds} s (AI_TIMEOUT_SECONDS)`);
  if (err instanceof APIUserAbortError) return new AiProviderError('the request was cancelled');
  if (err instanceof APIError) {
    if (err.status === undefined) return new AiProviderError(`cannot reach the provider: ${err.message}`);
    return new AiProviderError(`HTTP ${err.status}: ${err.message.replace(/^\d{3}\s*/, '')}`);
  }
  return new AiProviderError(err instanceof Error ? err.message : String(err));
}
