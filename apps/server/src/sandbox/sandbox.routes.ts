import type { FastifyInstance } from 'fastify';
import { SANDBOX_TOKEN_PATH } from './sandbox';

/**
 * The sandbox's OAuth token endpoint at a stable address on Beacon itself (`PUBLIC_URL/emulator/token`), relayed to
 * the in-process emulator, whose own port changes at every start. Service accounts made for the sandbox name it as
 * their token_uri.
 */
export function registerSandboxRoutes(app: FastifyInstance, tokenEndpoint: string): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, body),
    );
    scope.post(SANDBOX_TOKEN_PATH, { schema: { hide: true } }, async (req, reply) => {
      const res = await fetch(tokenEndpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: typeof req.body === 'string' ? req.body : '',
      });
      return reply
        .code(res.status)
        .header('content-type', 'application/json; charset=utf-8')
        .send(await res.text());
    });
  });
}
