import { type ServerResponse } from 'node:http';
import { chunkEvent, type CompletionHead, DONE_EVENT } from './completion';
import { commonHeaders, pause } from './http-io';
import { type Flood } from './types';

const DEFAULT_CHUNK_BYTES = 65_536;

/**
 * Answers with a huge or endless body (`ScriptedReply.flood`): filler pieces `intervalMs` apart, waiting for the
 * client to read each one (backpressure), until `totalBytes` or until the client goes away. Streamed: one delta a
 * piece, then the finish chunk and [DONE]; not streamed: a chat.completion whose content is the filler, written as
 * it goes with chunked transfer encoding.
 */
export async function sendFlood(
  res: ServerResponse,
  head: CompletionHead,
  flood: Flood,
  isStream: boolean,
  gone: AbortSignal,
): Promise<void> {
  const total = flood.totalBytes ?? Infinity;
  const size = Math.max(1, flood.chunkBytes ?? DEFAULT_CHUNK_BYTES);
  res.writeHead(200, {
    ...commonHeaders(),
    'content-type': isStream ? 'text/event-stream; charset=utf-8' : 'application/json',
    ...(isStream ? { 'cache-control': 'no-cache' } : {}),
  });
  const opening = JSON.stringify({ ...head, object: 'chat.completion' }).slice(0, -1);
  if (isStream) res.write(chunkEvent(head, { role: 'assistant', content: '', refusal: null }, null));
  else res.write(`${opening},"choices":[{"index":0,"message":{"role":"assistant","content":"`);
  let sent = 0;
  while (sent < total) {
    if (sent > 0 && !(await pause(flood.intervalMs ?? 0, gone))) return;
    if (gone.aborted) return;
    const piece = 'x'.repeat(Math.min(size, total - sent));
    sent += piece.length;
    const fits = res.write(isStream ? chunkEvent(head, { content: piece }, null) : piece);
    if (!fits && !(await drained(res, gone))) return;
  }
  if (isStream) {
    res.write(chunkEvent(head, {}, 'stop'));
    res.end(DONE_EVENT);
  } else {
    res.end(`","refusal":null},"logprobs":null,"finish_reason":"stop"}]}`);
  }
}

/** Waits until the client has read what was written; false when it went away first. */
function drained(res: ServerResponse, gone: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      res.off('drain', onDrain);
      gone.removeEventListener('abort', onGone);
      resolve(ok);
    };
    const onDrain = () => done(true);
    const onGone = () => done(false);
    if (gone.aborted) return resolve(false);
    res.on('drain', onDrain);
    gone.addEventListener('abort', onGone, { once: true });
  });
}
