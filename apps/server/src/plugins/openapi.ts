import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document generated from the routes' zod contracts, served at /tcm/docs/json. */
export const openapiPlugin = fp<{ version: string }>(async (app, opts) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Beacon console API',
        version: opts.version,
        description: 'Every /tcm call answers {status, msg, data}.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'beacon_session' } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/tcm/docs/json', { schema: { hide: true }, config: { access: 'public' } }, async () =>
    app.swagger(),
  );
});
