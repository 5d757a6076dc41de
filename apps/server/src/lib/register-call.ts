import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Envelope, type Call } from '@beacon/shared';
import { z } from 'zod';
import { ApiError } from './api-error';
import type { SessionInfo } from '../plugins/auth';

const RefusalEnvelope = z.object({
  status: z
    .number()
    .int()
    .refine((s) => s !== 200),
  msg: z.string(),
  data: z.unknown().optional(),
});

type Input<S> = NonNullable<S> extends z.ZodType ? z.output<NonNullable<S>> : undefined;

export interface CallContext<C extends Call> {
  body: Input<C['body']>;
  query: Input<C['query']>;
  params: Input<C['params']>;
  /** The signed-in user; present whenever the call requires a session. */
  session: SessionInfo;
  /** The caller's project level on the path's app (appLevels access only). */
  projectLevel: number;
  req: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Who may call: anyone; any signed-in user; users of the listed user levels; or users whose project level on the
 * app named by the `:appId` path parameter is listed (a level-100 user is 100 on every app).
 */
export type Access = 'public' | 'user' | { ulevels: readonly number[] } | { appLevels: readonly number[] };

declare module 'fastify' {
  interface FastifyInstance {
    /** The user's project level on an app (100 for super admins), or undefined without an active role. */
    projectLevel(user: { id: number; ulevel: number }, appId: number): Promise<number | undefined>;
  }
}

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
      // business refusals travel with HTTP 200 too (spec), with their own `data`
      response: { 200: z.union([Envelope(call.data), RefusalEnvelope]) },
    },
    handler: async (req, reply) => {
      if (needsSession && !req.session) throw new ApiError(401);
      let projectLevel = 0;
      if (
        typeof access === 'object' &&
        'ulevels' in access &&
        !access.ulevels.includes(req.session?.user.ulevel ?? -1)
      ) {
        throw new ApiError(1002);
      }
      if (typeof access === 'object' && 'appLevels' in access && req.session) {
        const appId = Number((req.params as { appId?: unknown }).appId);
        const level = Number.isInteger(appId) ? await app.projectLevel(req.session.user, appId) : undefined;
        if (level === undefined || !access.appLevels.includes(level)) throw new ApiError(1002);
        projectLevel = level;
      }
      const data = await handler({
        projectLevel,
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
