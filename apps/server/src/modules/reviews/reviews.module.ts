import { ErrorCodes } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { ReviewNotices } from '../../platform/review-notices';
import type { ModuleContext, ModuleParts } from '../context';
import type { MessagesServices } from '../messages';
import { ReviewsRepository } from './reviews.repository';
import { registerReviewRoutes } from './reviews.routes';
import { ReviewsService, type JourneyReviewPort } from './reviews.service';

/** Message review (docs/review.md): a run schedules through the messages service, decisions write through its writer. */
export function reviewsModule(
  ctx: ModuleContext,
  messages: MessagesServices,
  journeys?: JourneyReviewPort,
): ModuleParts {
  const { app, repos, database } = ctx;
  const service = new ReviewsService({
    repo: new ReviewsRepository(database, messages.writer),
    // the scheduling of the messages module, as its save schedules a message that needs no review
    messages: messages.messages,
    notices: new ReviewNotices({
      database,
      mailer: ctx.mailer,
      publicUrl: ctx.config.publicUrl,
      log: app.log,
    }),
    ...(journeys ? { journeys } : {}),
  });
  const appOf = async (appId: number, sends = false) => {
    const found = await repos.apps.findById(appId);
    if (!found) throw new ApiError(ErrorCodes.APP_UNKNOWN);
    if (sends && found.destroy === 2) throw new ApiError(ErrorCodes.APP_DESTROYED);
    return found;
  };
  return { routes: () => registerReviewRoutes(app, { service, appOf }) };
}
