import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AI_STREAM_EVENTS,
  AiChatRequest,
  AiDownloadRequest,
  AppIdParams,
  aiCalls as calls,
  ErrorCodes,
  errorMessage,
} from '@beacon/shared';
import { ApiError, parseOrThrow } from '../../lib/api-error';
import { registerCall, registerRawRoute } from '../../lib/register-call';
import type { SessionInfo } from '../../plugins/auth';
import { aiPolicy as policy } from './ai.policy';
import type { AiService } from './ai.service';

const userOf = (session: SessionInfo) => ({ id: session.user.id, email: session.user.email });

/** The AI assistant and translation (issue 16): status, translate, chat (JSON or streamed), download, track. */
export function registerAiRoutes(app: FastifyInstance, ai: AiService): void {
  registerCall(app, calls.status, policy.status, async () => ai.status());

  registerCall(app, calls.translate, policy.use, async ({ params, body, reply }) => {
    await ai.prepare(params.appId);
    return ai.translate(body, { signal: abortedWith(reply) });
  });

  registerCall(app, calls.chat, policy.use, async ({ params, body, session, reply }) => {
    const facts = await ai.prepare(params.appId);
    return ai.chat(facts, body, userOf(session), { signal: abortedWith(reply) });
  });

  registerRawRoute(
    app,
    { method: 'POST', url: calls.chatStream.path, summary: calls.chatStream.summary, access: policy.use },
    async ({ req, reply, session }) => {
      const { appId } = parseOrThrow(AppIdParams, req.params);
      const body = parseOrThrow(AiChatRequest, req.body);
      // refusals before the stream starts (1061, 2006, 400) answer with the JSON envelope like any call
      const facts = await ai.prepare(appId);
      const sse = openEventStream(req, reply);
      try {
        const result = await ai.chat(facts, body, userOf(session), {
          signal: sse.signal,
          onToken: (text) => sse.send(AI_STREAM_EVENTS.token, { text }),
        });
        sse.send(AI_STREAM_EVENTS.done, result);
      } catch (err) {
        const lang = req.lang ?? 'en';
        if (err instanceof ApiError)
          sse.send(AI_STREAM_EVENTS.error, { status: err.code, msg: err.messageFor(lang) });
        else {
          req.log.error({ err, reqId: req.id }, 'assistant stream failed');
          sse.send(AI_STREAM_EVENTS.error, {
            status: ErrorCodes.INTERNAL,
            msg: errorMessage(ErrorCodes.INTERNAL, lang),
          });
        }
      }
      sse.end();
      return reply;
    },
  );

  registerRawRoute(
    app,
    { method: 'POST', url: calls.download.path, summary: calls.download.summary, access: policy.use },
    async ({ req, reply }) => {
      const { appId } = parseOrThrow(AppIdParams, req.params);
      const body = parseOrThrow(AiDownloadRequest, req.body);
      const file = await ai.download(appId, body);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'no-store')
        .send(file.text);
    },
  );

  registerCall(app, calls.track, policy.use, async ({ params, body, session }) => {
    // no provider needed: the console reports what the user did with an answer it already has
    await ai.track(await ai.app(params.appId), body, userOf(session));
    return {};
  });
}

/** An AbortSignal that fires when the client goes away before the answer is sent. */
function abortedWith(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * Takes the response over from Fastify (hijack) and writes Server-Sent Events on it: `event: <name>` and one `data:`
 * line of JSON per event. The headers Fastify already set (security headers, cookies) are kept.
 */
function openEventStream(req: FastifyRequest, reply: FastifyReply) {
  const raw = reply.raw;
  const signal = abortedWith(reply);
  const headers = Object.fromEntries(
    Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined),
  ) as Record<string, string | number | string[]>;
  reply.hijack();
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  raw.flushHeaders();
  return {
    signal,
    send(event: string, data: unknown) {
      if (!raw.writableEnded) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (!raw.writableEnded) raw.end();
      req.log.debug({ reqId: req.id }, 'assistant stream ended');
    },
  };
}
