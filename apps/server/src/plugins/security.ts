import fp from 'fastify-plugin';
import helmet from 'helmet';
import { ErrorCodes } from '@beacon/shared';
import { useDepthLimitedJson } from '../lib/json-body';
import { ApiError } from '../lib/api-error';
import { crossSiteOrigin } from '../lib/cross-site';
import type { Access, BodyKind } from '../lib/register-call';

export interface SecurityOptions {
  /** PUBLIC_URL: its origin is the console's, the one state-changing requests may come from. */
  publicUrl: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /tcm route's access rule, by `METHOD path` (the access-matrix test reads it). */
    accessRules: Map<string, Access>;
    /** What every /tcm route accepts as its body, by `METHOD path` (the upload-limits test reads the uploads). */
    bodyKinds: Map<string, BodyKind>;
  }
}

/**
 * The console's browser defences, in one place: security headers (CSP without inline script, no framing, no
 * sniffing, a strict referrer), refusal of cross-site state-changing /tcm requests, no text/plain bodies, and
 * the rule that every /tcm route declares who may call it (a route without one stops the server from starting).
 */
export const securityPlugin = fp<SecurityOptions>(async (app, opts) => {
  const publicOrigin = new URL(opts.publicUrl).origin;
  const https = publicOrigin.startsWith('https:');
  // built once: @fastify/helmet builds helmet's middleware (and parses the CSP directives) again for every request
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its CSS-in-JS into <style> elements
        styleSrc: ["'self'", "'unsafe-inline'"],
        // notification pictures and icons may live on any https host; previews use data: and blob: URLs
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: https ? { maxAge: 31_536_000 } : false,
    // uploaded pictures are fetched by devices and may be shown by other sites' previews
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  // one callback hook, not two async ones: every device API call passes here, and it needs none of the rest
  app.addHook('onRequest', (req, reply, done) => {
    // the device API answers apps, not browsers: of the browser headers, only nosniff
    if (req.url.startsWith('/sdk/')) {
      reply.raw.setHeader('x-content-type-options', 'nosniff');
      return done();
    }
    securityHeaders(req.raw, reply.raw, (err?: unknown) => {
      if (err) return done(err as Error);
      if (req.url.startsWith('/files/')) reply.header('cross-origin-resource-policy', 'cross-origin');
      if (!req.url.startsWith('/tcm/')) return done();
      const refused = crossSiteOrigin(
        {
          method: req.method,
          origin: req.headers.origin,
          secFetchSite: req.headers['sec-fetch-site'],
          host: req.headers.host,
        },
        [publicOrigin],
      );
      if (refused === undefined) return done();
      done(new ApiError(ErrorCodes.PERMISSION_ERROR, (lang) => crossSiteRefused(lang, refused)));
    });
  });

  // Fastify parses text/plain by default: a cross-site form could post it without a preflight
  app.removeContentTypeParser('text/plain');
  // a JSON body nesting deeper than LIMITS.jsonDepthMax is refused before it is parsed (lib/json-body.ts)
  useDepthLimitedJson(app);

  app.decorateRequest('caller', null);
  app.decorate('accessRules', new Map<string, Access>());
  app.decorate('bodyKinds', new Map<string, BodyKind>());
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/tcm/')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url} has no access rule (config.access)`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.accessRules.set(`${method} ${route.url}`, access);
      app.bodyKinds.set(`${method} ${route.url}`, route.config?.bodyKind ?? 'json');
    }
  });
});

function crossSiteRefused(lang: string, origin: string): string {
  const shown = origin.slice(0, 100);
  if (lang === 'zh') return `已拒绝跨站请求（来源 ${shown}）：请在 Beacon 控制台中操作`;
  if (lang === 'fr') return `Requête intersite refusée (origine ${shown}) : agissez depuis la console Beacon`;
  return `Cross-site request refused (origin ${shown}): use the Beacon console`;
}
