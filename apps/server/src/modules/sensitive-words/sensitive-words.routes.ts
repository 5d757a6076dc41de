import type { FastifyInstance } from 'fastify';
import { sensitiveWordCalls as calls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { SessionInfo } from '../../plugins/auth';
import { sensitiveWordsPolicy as policy } from './sensitive-words.policy';
import type { SensitiveWordsService } from './sensitive-words.service';

const actorOf = (session: SessionInfo) => ({ id: session.user.id, email: session.user.email });

/** Sensitive words: the platform list (levels 100, 150), each app's list, and the content check. */
export function registerSensitiveWordsRoutes(
  app: FastifyInstance,
  {
    words,
    requireApp,
  }: {
    words: SensitiveWordsService;
    /** platform admins pass the guard without a role on the app: throws unless the app exists */
    requireApp: (appId: number) => Promise<void>;
  },
): void {
  registerCall(app, calls.platformList, policy.platform, ({ body }) => words.list(null, body));
  registerCall(app, calls.platformAdd, policy.platform, ({ body, session }) =>
    words.add(null, body.word, actorOf(session)),
  );
  registerCall(app, calls.platformImport, policy.platform, ({ body, session }) =>
    words.import(null, body.text, actorOf(session)),
  );
  registerCall(app, calls.platformDelete, policy.platform, async ({ body, session }) => {
    await words.remove(null, body.ids, actorOf(session));
    return {};
  });

  registerCall(app, calls.appList, policy.appView, async ({ params, body }) => {
    await requireApp(params.appId);
    return words.list(params.appId, body);
  });
  registerCall(app, calls.appAdd, policy.appEdit, async ({ params, body, session }) => {
    await requireApp(params.appId);
    return words.add(params.appId, body.word, actorOf(session));
  });
  registerCall(app, calls.appImport, policy.appEdit, async ({ params, body, session }) => {
    await requireApp(params.appId);
    return words.import(params.appId, body.text, actorOf(session));
  });
  registerCall(app, calls.appDelete, policy.appEdit, async ({ params, body, session }) => {
    await requireApp(params.appId);
    await words.remove(params.appId, body.ids, actorOf(session));
    return {};
  });

  registerCall(app, calls.contentCheck, policy.check, async ({ params, body }) => {
    await requireApp(params.appId);
    return words.checkContent(params.appId, body.content);
  });
}
