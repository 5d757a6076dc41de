import fp from 'fastify-plugin';
import type { MessageLang } from '@beacon/shared';
import { langFromHeader } from '../lib/lang';

declare module 'fastify' {
  interface FastifyRequest {
    lang: MessageLang;
  }
}

/** Attaches the response language to every request. */
export const requestContextPlugin = fp(async (app) => {
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', (req, _reply, done) => {
    req.lang = langFromHeader(req.headers['accept-language']);
    done();
  });
});
