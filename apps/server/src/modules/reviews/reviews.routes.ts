import { ErrorCodes, reviewCalls, type MessageLang } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { registerCall } from '../../lib/register-call';
import { ReviewNotices } from '../../platform/review-notices';
import type { ModuleContext } from '../context';
import { MessagesRepository, MessagesService, MessageWriter } from '../messages';
import { reviewsPolicy as policy } from './reviews.policy';
import { ReviewsRepository } from './reviews.repository';
import { ReviewsService } from './reviews.service';

/** Message review (spec part 2 §7 review calls): the list, run (approve) and reject. docs/review.md. */
export function registerReviewsModule(ctx: ModuleContext): void {
  const { app, repos, delivery, database } = ctx;
  const writer = new MessageWriter(database);
  const service = new ReviewsService({
    repo: new ReviewsRepository(database, writer),
    // the scheduling of the messages module, as its save schedules a message that needs no review
    messages: new MessagesService({
      repo: new MessagesRepository(database),
      writer,
      engineRepo: delivery.repo,
      engine: () => delivery.engine(),
    }),
    notices: new ReviewNotices({
      database,
      mailer: ctx.mailer,
      publicUrl: ctx.config.publicUrl,
      log: app.log,
    }),
  });
  /** The app of the call; a run also needs it able to send (not destroyed), a reject does not. */
  const appOf = async (appId: number, sends = false) => {
    const found = await repos.apps.findById(appId);
    if (!found) throw new ApiError(ErrorCodes.APP_UNKNOWN);
    if (sends && found.destroy === 2) throw new ApiError(ErrorCodes.APP_DESTROYED);
    return found;
  };
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
