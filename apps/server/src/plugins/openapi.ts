import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_KEY_LIMITS, keyAccessOf } from '@beacon/shared';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The contract's schema, and for a route an API key may call (API_KEY_ROUTES of @beacon/shared) the bearer scheme
 * beside the session, with the scopes that open it.
 */
function transform(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const method = [input.route.method].flat()[0] ?? '';
  const { scopes } = keyAccessOf(String(method), input.url);
  if (scopes.length === 0) return out;
  const schema = out.schema as Record<string, unknown>;
  return {
    ...out,
    schema: {
      ...schema,
      security: [{ session: [] }, { apiKey: scopes }],
      description: `${typeof schema.description === 'string' ? `${schema.description}\n\n` : ''}API key scopes: ${scopes.join(', ')}`,
    },
  };
}

/** OpenAPI document generated from the routes' zod contracts, served at /tcm/docs/json. */
export const openapiPlugin = fp<{ version: string }>(async (app, opts) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Beacon console API',
        version: opts.version,
        description:
          'Every /tcm call answers {status, msg, data}. The console signs in with a session cookie; the operator’s own ' +
          'systems call the routes that list API key scopes with `Authorization: Bearer bk_live_…` (docs/api.md, "API keys").',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'beacon_session' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'bk_live_<32 base62>',
            description:
              'A per-app API key (the app’s settings, "API keys"): scopes send, statistics:read, materials:manage; ' +
              `its app only; a revoked key is refused within ${API_KEY_LIMITS.cacheSeconds} s everywhere.`,
          },
        },
      },
      security: [{ session: [] }],
    },
    transform,
  });
  app.get('/tcm/docs/json', { schema: { hide: true }, config: { access: 'public' } }, async () =>
    app.swagger(),
  );
});
