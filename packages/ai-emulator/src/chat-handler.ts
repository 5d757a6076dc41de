import { type IncomingMessage, type ServerResponse } from 'node:http';
import { invalidRequest, scriptedError } from './api-error';
import {
  chunkEvent,
  completionBody,
  completionHead,
  DONE_EVENT,
  splitIntoChunks,
  usageFor,
} from './completion';
import { defaultContent } from './default-reply';
import { sendFlood } from './flood';
import { clientGone, commonHeaders, pause, readBody, sendError, sendJson } from './http-io';
import { isPlainObject } from './json-schema';
import { validateChatRequest } from './request-validation';
import { type ChatRequest, type RecordedRequest, type ScriptedReply } from './types';

export interface ChatContext {
  tokenDelayMs: number;
  record(req: RecordedRequest): void;
  /** The scripted reply for this request, else the custom responder's, else undefined (the built-in default). */
  nextReply(req: RecordedRequest): ScriptedReply | undefined;
}

const UNPARSEABLE =
  "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)";

/** POST /v1/chat/completions: parse, record, validate, then answer with the next reply. */
export async function handleChatCompletion(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: ChatContext,
): Promise<void> {
  const gone = clientGone(res);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readBody(req));
  } catch {
    parsed = undefined;
  }
  if (!isPlainObject(parsed)) return sendError(res, invalidRequest(UNPARSEABLE));
  const recorded: RecordedRequest = { body: parsed as ChatRequest, headers: req.headers, time: new Date() };
  ctx.record(recorded);
  const invalid = validateChatRequest(parsed);
  if (invalid !== undefined) return sendError(res, invalid);

  const reply = ctx.nextReply(recorded) ?? {};
  if (!(await pause(reply.delayMs ?? 0, gone))) return;
  const body = recorded.body;
  const isStream = body.stream === true;
  if (reply.dropConnection === true && !(isStream && reply.chunks !== undefined)) {
    req.socket.destroy();
    return;
  }
  if (reply.status !== undefined && reply.status >= 400)
    return sendError(res, scriptedError({ ...reply, status: reply.status }));

  if (reply.flood !== undefined)
    return sendFlood(res, completionHead(body.model), reply.flood, isStream, gone);

  const content = reply.content ?? reply.chunks?.join('') ?? defaultContent(body);
  const chunks = reply.chunks ?? splitIntoChunks(content);
  const finishReason = reply.finishReason ?? 'stop';
  const head = completionHead(body.model);
  const usage = usageFor(body, chunks.length);
  if (!isStream) return sendJson(res, 200, completionBody(head, content, finishReason, usage));

  res.writeHead(200, {
    ...commonHeaders(),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
  });
  const includeUsage = body.stream_options?.include_usage === true;
  const chunkUsage = includeUsage ? null : undefined;
  const isDrop = reply.dropConnection === true;
  // a dropped stream ends once its last chunk has reached the client, as when a connection breaks mid-stream
  const write = (event: string, isLast: boolean): void => {
    if (isDrop && isLast) res.write(event, () => req.socket.destroy());
    else res.write(event);
  };
  write(
    chunkEvent(head, { role: 'assistant', content: '', refusal: null }, null, chunkUsage),
    chunks.length === 0,
  );
  let sent = '';
  let hold = reply.holdAt;
  for (const [i, chunk] of chunks.entries()) {
    if (i > 0 && !(await pause(ctx.tokenDelayMs, gone))) return;
    if (gone.aborted) return;
    write(chunkEvent(head, { content: chunk }, null, chunkUsage), i === chunks.length - 1);
    sent += chunk;
    if (hold !== undefined && sent.includes(hold.text)) {
      if (!(await held(hold.until, gone))) return;
      hold = undefined;
    }
  }
  if (isDrop) return;
  res.write(chunkEvent(head, {}, finishReason, chunkUsage));
  if (includeUsage) res.write(chunkEvent(head, null, null, usage));
  res.end(DONE_EVENT);
}

/** Waits for `until` to settle; false when the client went away first. */
async function held(until: Promise<unknown>, gone: AbortSignal): Promise<boolean> {
  if (gone.aborted) return false;
  const away = new Promise<void>((resolve) =>
    gone.addEventListener('abort', () => resolve(), { once: true }),
  );
  await Promise.race([until.then(noop, noop), away]);
  return !gone.aborted;
}

function noop(): void {}
