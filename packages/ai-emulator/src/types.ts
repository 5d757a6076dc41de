import { type IncomingHttpHeaders } from 'node:http';

export interface AiEmulatorOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Address to listen on (default 127.0.0.1). */
  host?: string;
  /** When set, every request must carry `Authorization: Bearer <apiKey>`, or gets 401 invalid_api_key. */
  apiKey?: string;
  /** The model listed by GET /v1/models (default 'beacon-test-model'). */
  model?: string;
  /** Pause between streamed chunks, in milliseconds (default 0). */
  tokenDelayMs?: number;
}

/** A chat message as sent by clients: content is a string, an array of parts, or null (assistant tool calls). */
export interface ChatMessage {
  role: string;
  content?: string | readonly ContentPart[] | null;
  name?: string;
  [key: string]: unknown;
}

export interface ContentPart {
  type: string;
  text?: string;
  [key: string]: unknown;
}

export type JsonSchema = { [key: string]: unknown };

export type ResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; json_schema: { name: string; schema?: JsonSchema; strict?: boolean | null } };

/** The body of POST /v1/chat/completions, after validation; unknown fields are kept as sent. */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  stream?: boolean | null;
  stream_options?: { include_usage?: boolean } | null;
  response_format?: ResponseFormat;
  temperature?: number | null;
  max_tokens?: number | null;
  max_completion_tokens?: number | null;
  [key: string]: unknown;
}

/** One chat-completions request as the emulator received it. */
export interface RecordedRequest {
  body: ChatRequest;
  headers: IncomingHttpHeaders;
  time: Date;
}

export type FinishReason = 'stop' | 'length';

/**
 * How to answer one request. Every field is optional: a reply without `content` or `chunks` answers with what the
 * default responder would have said.
 */
export interface ScriptedReply {
  /** The assistant's message. */
  content?: string;
  /** Streamed as exactly these deltas (their concatenation is the content of a non-streamed answer). */
  chunks?: string[];
  /** An error reply: this HTTP status with an OpenAI error body. */
  status?: number;
  errorMessage?: string;
  errorType?: string;
  errorCode?: string | null;
  /** Adds `retry-after` (whole seconds, rounded up) and `retry-after-ms` headers. */
  retryAfterSeconds?: number;
  /** Wait this long before answering. */
  delayMs?: number;
  finishReason?: FinishReason;
  /**
   * Destroy the socket instead of answering. A streamed request with `chunks` receives those chunks first, then
   * the socket is destroyed mid-stream.
   */
  dropConnection?: boolean;
  /**
   * Stop a streamed answer once the text sent so far contains `text`, and go on when `until` settles (or the client
   * goes away): a test can look at a half-streamed answer for as long as it needs, however slow the machine.
   */
  holdAt?: { text: string; until: Promise<unknown> };
  /**
   * A huge or endless answer sent slowly: after the headers, `chunkBytes` characters of filler every `intervalMs`
   * until `totalBytes` have been sent (then the answer ends properly), or forever when `totalBytes` is unset; it
   * stops when the client goes away. Streamed, each piece is one delta; not streamed, the pieces are the
   * `content` of a JSON body written as it goes (no content-length). For a client's size cap and body deadline.
   */
  flood?: Flood;
}

export interface Flood {
  /** Filler characters in all; unset: endless. */
  totalBytes?: number;
  /** Filler characters a piece (default 65536). */
  chunkBytes?: number;
  /** Pause between pieces in milliseconds (default 0: as fast as the client reads). */
  intervalMs?: number;
}

export type Responder = (req: RecordedRequest) => string | ScriptedReply;

export interface AiEmulator {
  /** The server's origin, e.g. http://127.0.0.1:PORT; the OpenAI client's baseURL is `${url}/v1`. */
  readonly url: string;
  /** Every chat-completions request whose body was a JSON object (rejected ones too), oldest first. */
  readonly requests: readonly RecordedRequest[];
  /** The model GET /v1/models lists. */
  readonly model: string;
  /** Queues replies used in order by the next chat-completions requests. */
  script(...replies: ScriptedReply[]): void;
  /** Sets the responder for requests when nothing is scripted (replacing the built-in one). */
  respondWith(fn: Responder): void;
  /** Forgets the recorded requests, the queued replies and the custom responder. */
  reset(): void;
  close(): Promise<void>;
}
