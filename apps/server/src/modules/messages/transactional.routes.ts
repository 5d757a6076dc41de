import type { FastifyInstance } from 'fastify';
import { transactionalCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { AppRecord } from '../apps';
import { messagesPolicy as policy } from './messages.policy';
import type { TransactionalService } from './transactional.service';

/** POST …/transactional/send: a saved message's content now to listed devices (an API key of scope `send`). */
export function registerTransactionalRoutes(
  app: FastifyInstance,
  deps: { transactional: TransactionalService; appOf: (appId: number) => Promise<AppRecord> },
): void {
  registerCall(app, transactionalCalls.send, policy.transactional, async ({ params, body, session }) =>
    deps.transactional.send(await deps.appOf(params.appId), body, {
      id: session.user.id,
      email: session.user.email,
    }),
  );
}
