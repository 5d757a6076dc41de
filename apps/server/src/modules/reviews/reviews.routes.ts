import type { FastifyInstance } from 'fastify';
import { reviewCalls, type MessageLang } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { AppRecord } from '../apps';
import { reviewsPolicy as policy } from './reviews.policy';
import type { ReviewsService } from './reviews.service';

/** Message review (spec part 2 §7 review calls): the list, run (approve) and reject. docs/review.md. */
export function registerReviewRoutes(
  app: FastifyInstance,
  deps: {
    service: ReviewsService;
    /** The app of the call; a run also needs it able to send (not destroyed), a reject does not. */
    appOf: (appId: number, sends?: boolean) => Promise<AppRecord>;
  },
): void {
  const { service, appOf } = deps;
  const reviewer = (session: { user: { id: number; email: string } }, lang: MessageLang) => ({
    id: session.user.id,
    email: session.user.email,
    lang,
  });

  registerCall(app, reviewCalls.list, policy.read, async ({ params, body }) =>
    service.list(params.appId, body),
  );
  registerCall(app, reviewCalls.approve, policy.decide, async ({ params, body, session, req }) =>
    service.approve(await appOf(params.appId, true), body, reviewer(session, req.lang)),
  );
  registerCall(app, reviewCalls.reject, policy.decide, async ({ params, body, session, req }) =>
    service.reject(await appOf(params.appId), body, reviewer(session, req.lang)),
  );
}
