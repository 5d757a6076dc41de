import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Envelope, type Call } from '@beacon/shared';
import type { z } from 'zod';
import { ApiError } from './api-error';
import type { SessionInfo } from '../plugins/auth';

type Input<S> = NonNullable<S> extends z.ZodType ? z.output<NonNullable<S>> : undefined;

export interface CallContext<C extends Call> {
  body: Input<C['body']>;
  query: Input<C['query']>;
  params: Input<C['params']>;
  /** The signed-in user; present whenever the call requires a session. */
  session: SessionInfo;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Who may call: any signed-in user, or users of the listed levels. */
export type Access = 'public' | 'user' | { ulevels: readonly number[] };

/**
 * Registers a route from its shared contract: validates input with the contract's zod schemas, enforces the
 * session and the access rule, and wraps the handler's result in the `{status: 200, msg, data}` envelope.
 */
export function registerCall<C extends Call>(
  app: FastifyInstance,
  call: C,
  access: Access,
  handler: (ctx: CallContext<C>) => Promise<z.output<C['data']>>,
): void {
  const needsSession = access !== 'public' && call.auth !== false;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    schema: {
      summary: call.summary,
      ...(call.body ? { body: call.body } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.params ? { params: call.params } : {}),
      response: { 200: Envelope(call.data) },
    },
    handler: async (req, reply) => {
      if (needsSession && !req.session) throw new ApiError(401);
      if (typeof access === 'object' && !access.ulevels.includes(req.session?.user.ulevel ?? -1)) throw new ApiError(1002);
      const data = await handler({
        body: req.body as Input<C['body']>,
        query: req.query as Input<C['query']>,
        params: req.params as Input<C['params']>,
        session: req.session as SessionInfo,
        req,
        reply,
      });
      return { status: 200, msg: 'success', data };
    },
  });
}
