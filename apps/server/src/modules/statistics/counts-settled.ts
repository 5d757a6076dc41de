import type { FastifyInstance } from 'fastify';
import type { EventCounting } from '../context';

/**
 * Registers `routes` in a scope of their own whose requests first wait until the device events this process
 * acknowledged are counted (they are counted off the request path, EventCounter): a report read after an accepted
 * event shows it. Only the statistics routes wait (and the message list, for its counters: messages.routes.ts); no
 * other request does.
 */
export async function withCountsSettled(
  app: FastifyInstance,
  counting: EventCounting,
  routes: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', (_req, _reply, done) => {
      if (!counting.counting) return done();
      counting.settle().then(() => done(), done);
    });
    routes(scope);
  });
}
