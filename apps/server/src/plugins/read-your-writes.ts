import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { parseLsn, readContext, type ReadContext } from '../db/read-routing';

/** The cookie that carries the primary's WAL position after a console call that wrote (db/read-routing.ts). */
export const WAL_COOKIE = 'beacon_wal';

/**
 * With a replica (DATABASE_READ_URL): each console call runs in a ReadContext holding the position its browser last
 * wrote at; a call that wrote answers with the primary's position in `beacon_wal`, so the caller's next reads — on any
 * API host — go to the replica only once it has replayed that write. Without a replica: nothing.
 */
export const readYourWritesPlugin = fp<{ database: Database }>(async (app, { database }) => {
  if (!database.reads || !database.primaryLsn) return;
  const primaryLsn = () => database.primaryLsn!();
  const contexts = new WeakMap<object, ReadContext>();
  app.addHook('onRequest', (req, _reply, done) => {
    if (!req.url.startsWith('/tcm/')) return done();
    const ctx: ReadContext = { wrote: false, minLsn: parseLsn(req.cookies[WAL_COOKIE]) };
    contexts.set(req, ctx);
    readContext.run(ctx, done);
  });
  // The body is read from socket events, which run outside the context when it arrives after the headers: enter it
  // again once parsed, so the handler's statements are noted and routed (else a writer's next read went to the replica).
  app.addHook('preValidation', (req, _reply, done) => {
    const ctx = contexts.get(req);
    if (!ctx) return done();
    readContext.run(ctx, done);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const ctx = contexts.get(req);
    if (!ctx?.wrote || !req.url.startsWith('/tcm/')) return payload;
    const lsn = await primaryLsn().catch(() => undefined);
    if (lsn) reply.setCookie(WAL_COOKIE, lsn, { path: '/tcm', httpOnly: true, sameSite: 'lax', maxAge: 600 });
    return payload;
  });
});
