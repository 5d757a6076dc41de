import { ErrorCodes, templateVariables } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { targetingVocabulary } from '../../audience/check-conditions';
import { ReviewNotices } from '../../platform/review-notices';
import { readGlobalSettings } from '../../platform/platform-settings';
import { dailyLimitsOf } from '../../policy';
import type { AppRecord } from '../apps';
import type { ModuleContext, ModuleParts } from '../context';
import { usableMaterial } from '../materials';
import { checkContent } from '../sensitive-words';
import { createTargetingService } from '../targeting';
import type { MessageScope } from './message-scope';
import { MessageWriter } from './message-writer.repository';
import type { MaterialSource } from './messages-content';
import { MessageActionsService } from './messages-actions.service';
import { MessagesConfirmRepository } from './messages-confirm.repository';
import { MessageForecaster } from './messages.forecast';
import { forbiddenCheck } from './messages.forbidden';
import { MessagesForbiddenRepository } from './messages-forbidden.repository';
import { MessagesForecastRepository } from './messages-forecast.repository';
import { MessagesRepository } from './messages.repository';
import { registerMessageExportRoutes } from './messages-export.routes';
import { registerMessageRoutes } from './messages.routes';
import { registerTransactionalRoutes } from './transactional.routes';
import { TransactionalService } from './transactional.service';
import { MessagesService } from './messages.service';

/** What the modules built on messages use (A/B tests, journeys, group sends): its services, reads and writer. */
export interface MessagesServices {
  messages: MessagesService;
  actions: MessageActionsService;
  repo: MessagesRepository;
  writer: MessageWriter;
  /** the app a call names, refused when unknown or destroyed */
  appOf: (appId: number) => Promise<AppRecord>;
  /** the passed material of the app a message links (modules/materials) */
  materialOf: MaterialSource;
}

export interface MessagesModule {
  services: MessagesServices;
  /** its calls, with the app-group scope of modules/group-sends (which builds on these services) */
  parts(scope: MessageScope): ModuleParts;
}

/** Notifications: compose, estimate, list, detail, the row actions and the CSV export (their statistics: modules/statistics). */
export function messagesModule(ctx: ModuleContext): MessagesModule {
  const { app, repos, delivery, database } = ctx;
  const repo = new MessagesRepository(database);
  const writer = new MessageWriter(database);
  const notices = new ReviewNotices({
    database,
    mailer: ctx.mailer,
    publicUrl: ctx.config.publicUrl,
    log: app.log,
  });
  const materialOf: MaterialSource = (appId, materialId) => usableMaterial(database, appId, materialId);
  const messages = new MessagesService({
    repo,
    writer,
    engineRepo: delivery.repo,
    engine: () => delivery.engine(),
    checkContent: (appId, content) => checkContent(database, appId, content),
    checkForbidden: forbiddenCheck(new MessagesForbiddenRepository(database)),
    confirm: new MessagesConfirmRepository(database),
    fileLists: createTargetingService(ctx),
    forecaster: new MessageForecaster({
      repo: new MessagesForecastRepository(database),
      estimate: (audience) => repo.estimateAudience(audience),
      policyFor: delivery.policyFor,
    }),
    usableMaterial: materialOf,
    vocabularyOf: targetingVocabulary(database),
    templateVariables: async (appId) =>
      templateVariables((await ctx.templateValues.attributeKeys(appId)).keys()),
    // the app's reviewers hear of a message waiting for them (never fails the save: logged)
    onReview: (target, m, author) =>
      void notices.pending(
        { appId: target.id, appTitle: target.title, ...m },
        author.email,
        author.lang ?? 'en',
      ),
  });
  const actions = new MessageActionsService({
    repo,
    writer,
    engineRepo: delivery.repo,
    engine: () => delivery.engine(),
  });
  const appOf = async (appId: number) => {
    const found = await repos.apps.findById(appId);
    if (!found) throw new ApiError(ErrorCodes.APP_UNKNOWN);
    if (found.destroy === 2) throw new ApiError(ErrorCodes.APP_DESTROYED);
    return found;
  };
  const services = { messages, actions, repo, writer, appOf, materialOf };
  return {
    services,
    parts: (scope) => ({
      routes: () => {
        registerMessageRoutes(app, {
          ...services,
          scope,
          perDeviceLimits: async () => dailyLimitsOf(await readGlobalSettings(database)),
          countsSettled: async () => {
            if (ctx.counting.counting) await ctx.counting.settle();
          },
        });
        registerMessageExportRoutes(app, repo);
        registerTransactionalRoutes(app, {
          transactional: new TransactionalService({ repo, writer, messages }),
          appOf,
        });
      },
    }),
  };
}
