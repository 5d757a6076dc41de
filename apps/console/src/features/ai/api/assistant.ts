import { z } from 'zod';
import {
  AI_STREAM_EVENTS,
  AiChatRequest,
  AiChatResult,
  AiDownloadRequest,
  aiCalls,
  appInfoCalls,
  callPath,
  Envelope,
  ErrorCodes,
  errorMessage,
  type AiSource,
  type AiTrackRequest,
} from '@beacon/shared';
import { currentLanguage } from '../../../i18n';
import { apiRequest } from '../../../lib/api-client';
import { ApiError, envelopeCode } from '../../../lib/api-error';

const AnyEnvelope = Envelope(z.unknown());
const StreamError = z.object({ status: z.number(), msg: z.string() });
const Token = z.object({ text: z.string() });

/** The request of a raw (non-JSON-answer) call: the same headers as apiRequest, the body checked by the contract. */
async function post(
  path: string,
  appId: number,
  schema: z.ZodType,
  body: unknown,
  accept: string,
  signal?: AbortSignal,
) {
  const lang = currentLanguage();
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ApiError({
      kind: 'business',
      code: ErrorCodes.PARAMETER_ILLEGAL,
      message: `${first?.path.join('.') ?? ''} ${first?.message ?? ''}`.trim(),
    });
  }
  let response: Response;
  try {
    response = await fetch(callPath(path, { appId }), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: accept, 'Content-Type': 'application/json', 'Accept-Language': lang },
      body: JSON.stringify(parsed.data),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ kind: 'network', code: ErrorCodes.SERVER_ERROR, message: 'Network error' });
  }
  if (response.status === 401) {
    // the shared client owns the sign-in redirect: a side-effect-free call through it (also 401) triggers it
    await apiRequest(appInfoCalls.info, { params: { appId } }).catch(() => undefined);
    throw new ApiError({
      kind: 'unauthorized',
      code: ErrorCodes.NOT_SIGNED_IN,
      httpStatus: 401,
      message: errorMessage(ErrorCodes.NOT_SIGNED_IN, lang),
    });
  }
  return { response, lang };
}

/** A refusal answered with the JSON envelope (1061, 2006, 400 … before any stream or file). */
async function refusal(response: Response, lang: ReturnType<typeof currentLanguage>): Promise<ApiError> {
  const envelope = AnyEnvelope.safeParse(await response.json().catch(() => undefined));
  const status = envelope.success ? envelope.data.status : ErrorCodes.SERVER_ERROR;
  return new ApiError({
    kind: response.status >= 500 || !envelope.success ? 'server' : 'business',
    code: envelopeCode(status),
    httpStatus: response.status,
    message: (envelope.success && envelope.data.msg) || errorMessage(status, lang),
  });
}

/** One Server-Sent Event: its name and its JSON data. */
interface StreamEvent {
  event: string;
  data: unknown;
}

function parseEvent(block: string): StreamEvent | undefined {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length === 0) return undefined;
  try {
    return { event, data: JSON.parse(data.join('\n')) as unknown };
  } catch {
    return undefined;
  }
}

/** The events of a text/event-stream body, as they arrive. */
async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += decoder.decode(value, { stream: !done }).replace(/\r\n?/g, '\n');
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const parsed = parseEvent(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (parsed) yield parsed;
        end = buffer.indexOf('\n\n');
      }
      if (done) break;
    }
    const last = parseEvent(buffer);
    if (last) yield last;
  } finally {
    reader.releaseLock();
  }
}

export interface ChatStreamInput {
  appId: number;
  body: z.input<typeof AiChatRequest>;
  /** each delta of the answer's text, as the model writes it */
  onToken: (text: string) => void;
  signal?: AbortSignal;
}

/**
 * Asks the assistant through the streamed route (postAssistantChat as text/event-stream): `token` deltas go to
 * `onToken`, `done` resolves with the reply items, `error` (1062 …) and refusals before the stream throw ApiError with
 * the server's message in the console's language.
 */
export async function streamAssistantChat({
  appId,
  body,
  onToken,
  signal,
}: ChatStreamInput): Promise<AiChatResult> {
  const { response, lang } = await post(
    aiCalls.chatStream.path,
    appId,
    AiChatRequest,
    body,
    'text/event-stream',
    signal,
  );
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes('text/event-stream') || !response.body)
    throw await refusal(response, lang);
  try {
    for await (const { event, data } of readEvents(response.body)) {
      if (event === AI_STREAM_EVENTS.token) {
        const token = Token.safeParse(data);
        if (token.success) onToken(token.data.text);
      } else if (event === AI_STREAM_EVENTS.done) {
        const result = AiChatResult.safeParse(data);
        if (result.success) return result.data;
        throw new ApiError({
          kind: 'server',
          code: ErrorCodes.SERVER_ERROR,
          message: errorMessage(ErrorCodes.SERVER_ERROR, lang),
        });
      } else if (event === AI_STREAM_EVENTS.error) {
        const error = StreamError.safeParse(data);
        const status = error.success ? error.data.status : ErrorCodes.SERVER_ERROR;
        throw new ApiError({
          kind: 'business',
          code: envelopeCode(status),
          message: (error.success && error.data.msg) || errorMessage(status, lang),
        });
      }
    }
  } catch (error) {
    if (error instanceof ApiError || signal?.aborted) throw error;
    throw new ApiError({ kind: 'network', code: ErrorCodes.SERVER_ERROR, message: 'Network error' });
  }
  // the stream ended without its last event: the connection was cut
  throw new ApiError({ kind: 'network', code: ErrorCodes.SERVER_ERROR, message: 'Network error' });
}

/** The conversation as a text file (downloadAssistantChat), saved by the browser under the server's name. */
export async function downloadAssistantChat(
  appId: number,
  contents: z.input<typeof AiDownloadRequest>['contents'],
): Promise<void> {
  const { response, lang } = await post(
    aiCalls.download.path,
    appId,
    AiDownloadRequest,
    { contents },
    'text/plain',
  );
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.startsWith('text/plain')) throw await refusal(response, lang);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `assistant-chat-${appId}.txt`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Records what the user did with an answer (ai_use: a suggestion used; ai_submit: a message whose content came from
 * the assistant saved). A tracking record never stands in the user's way: failures are ignored.
 */
export function trackAiAction(
  appId: number,
  action: AiTrackRequest['action'],
  from: AiSource,
  title = '',
): Promise<void> {
  return apiRequest(aiCalls.track, {
    params: { appId },
    body: { action, from, title: title.trim().slice(0, 150) },
  }).then(
    () => undefined,
    () => undefined,
  );
}
