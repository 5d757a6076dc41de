import {
  ErrorCodes,
  errorWithDetail,
  GAID_PATTERN,
  messageCalls,
  ScheduleType,
  TargetingType,
  type ErrorCode,
} from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { registerCall } from '../../lib/register-call';
import type { ModuleContext } from '../context';
import { messagesPolicy as policy } from './messages.policy';
import { toDetail, toRow } from './messages.presenter';
import { GroupSendsService } from './group-sends.service';
import { AppGroupsRepository } from '../app-groups';
import { MessagesRepository } from './messages.repository';
import { MessagesService } from './messages.service';
import { MessageActionsService } from './messages-actions.service';
import { createTargetingService } from '../targeting';
import { MessagesConfirmRepository } from './messages-confirm.repository';
import { forbiddenCheck } from './messages.forbidden';
import { MessagesForbiddenRepository } from './messages-forbidden.repository';
import { checkContent } from '../sensitive-words';
import { MessageForecaster } from './messages.forecast';
import { registerAbTestRoutes } from './ab-tests.routes';
import { registerJourneyRoutes } from './journeys.routes';
import { MessagesForecastRepository } from './messages-forecast.repository';
import { ReviewNotices } from '../../platform/review-notices';
import { usableMaterial } from '../materials';
import { readGlobalSettings } from '../../platform/platform-settings';
import { dailyLimitsOf, KIND_OPTION } from '../../policy';

/** A refusal of msg/gaid/check: its code, and the ids it is about in its message and in `data.gaids`. */
function gaidError(code: ErrorCode, gaids: string[]): ApiError {
  return new ApiError(code, (lang) => errorWithDetail(code, lang, gaids.join(', ')), { gaids });
}

/** Notifications: compose, estimate, list, detail and the row actions (their statistics: modules/statistics). */
export function registerMessagesModule(ctx: ModuleContext): void {
  const { app, repos, delivery, database } = ctx;
  const repo = new MessagesRepository(database);
  const notices = new ReviewNotices({
    database,
    mailer: ctx.mailer,
    publicUrl: ctx.config.publicUrl,
    log: app.log,
  });
  /** the passed material of the app a message links (modules/materials) */
  const materialOf = (appId: number, materialId: number) => usableMaterial(database, appId, materialId);
  const service = new MessagesService({
    repo,
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
    // the app's reviewers hear of a message waiting for them (never fails the save: logged)
    onReview: (target, m, author) =>
      void notices.pending(
        { appId: target.id, appTitle: target.title, ...m },
        author.email,
        author.lang ?? 'en',
      ),
  });
  const appOf = async (appId: number) => {
    const found = await repos.apps.findById(appId);
    if (!found) throw new ApiError(ErrorCodes.APP_UNKNOWN);
    if (found.destroy === 2) throw new ApiError(ErrorCodes.APP_DESTROYED);
    return found;
  };

  registerCall(app, messageCalls.targetMax, policy.compose, async ({ params, body, projectLevel }) => {
    const { count, exact, forecast } = await service.estimate(params.appId, body, projectLevel);
    return { newCount: count, exact, ...(forecast ? { forecast } : {}) };
  });

  const actions = new MessageActionsService({
    repo,
    engineRepo: delivery.repo,
    engine: () => delivery.engine(),
  });
  const groupSends = new GroupSendsService({
    messages: service,
    actions,
    repo,
    groups: new AppGroupsRepository(database),
    appOf,
    levelOn: (user, appId) => app.projectLevel(user, appId),
    usableMaterial: materialOf,
  });
  const actor = (session: { user: { id: number; email: string; ulevel: number } }, projectLevel: number) => ({
    id: session.user.id,
    email: session.user.email,
    ulevel: session.user.ulevel,
    projectLevel,
  });

  registerCall(
    app,
    messageCalls.save,
    policy.compose,
    async ({ params, body, session, projectLevel, req }) => {
      // the request's language: the reviewers' mail when the message waits for review
      const author = { ...actor(session, projectLevel), lang: req.lang };
      const saved = await groupSends.save(await appOf(params.appId), body, author);
      return { id: saved.id, msgId: saved.id, status: saved.status };
    },
  );

  // msg/check: the save's dry run (every rule and refusal, the status it would get, nothing written)
  registerCall(app, messageCalls.check, policy.compose, async ({ params, body, session, projectLevel }) => {
    const checked = await groupSends.save(
      await appOf(params.appId),
      body,
      actor(session, projectLevel),
      'check',
    );
    return { status: checked.status };
  });

  // checkIsDailyLimitReach: the save's own daily-limit computation, 21029 when the save would refuse
  registerCall(app, messageCalls.limitCheck, policy.compose, async ({ params, body }) => {
    const state = await service.dailyLimit(await appOf(params.appId), body.msgRestrictType, body.id);
    if (state.reached) throw new ApiError(ErrorCodes.DAILY_LIMIT_REACHED, undefined, state);
    return state;
  });

  registerCall(app, messageCalls.restrictCheck, policy.compose, async ({ params, body }) => {
    const target = await appOf(params.appId);
    const limits = dailyLimitsOf(await readGlobalSettings(database));
    return {
      app: await service.dailyLimit(target, body.msgRestrictType),
      perDevice: limits ? { total: limits.total, kind: limits[KIND_OPTION[body.msgRestrictType]] } : null,
    };
  });

  registerCall(app, messageCalls.gaidCheck, policy.compose, async ({ params, body }) => {
    await appOf(params.appId);
    const ids = body.userIds.map((u) => u.trim().toLowerCase());
    const malformed = ids.filter((u) => !GAID_PATTERN.test(u));
    if (malformed.length > 0) throw gaidError(ErrorCodes.GAID_FORMAT, malformed);
    const repeated = [...new Set(ids.filter((u, i) => ids.indexOf(u) !== i))];
    if (repeated.length > 0) throw gaidError(ErrorCodes.GAID_REPEATED, repeated);
    const known = await repo.knownGaids(params.appId, ids);
    const unknown = ids.filter((u) => !known.has(u));
    if (unknown.length > 0) throw gaidError(ErrorCodes.GAID_INVALID, unknown);
    return { gaids: ids };
  });

  registerCall(
    app,
    messageCalls.groupCount,
    policy.compose,
    async ({ params, body, session, projectLevel }) => ({
      counts: await groupSends.counts(await appOf(params.appId), body, actor(session, projectLevel)),
    }),
  );

  registerCall(
    app,
    messageCalls.testPreview,
    policy.compose,
    async ({ params, body, session, projectLevel }) => {
      const saved = await service.save(
        await appOf(params.appId),
        { ...body, targetingType: TargetingType.DEVICES, scheduleType: ScheduleType.NOW },
        { id: session.user.id, email: session.user.email, projectLevel },
        'preview',
      );
      return { id: saved.id, msgId: saved.id, status: saved.status };
    },
  );

  registerCall(app, messageCalls.list, policy.read, async ({ params, body, session }) => {
    const { rows, total } = await repo.list(params.appId, body);
    const groups = await groupSends.rowsOf(rows, session.user);
    return {
      results: rows.map((r) => {
        const group = groups.get(r.id);
        return group
          ? {
              ...toRow(r),
              groupScope: group.groupScope,
              ...(group.children ? { groupChildren: group.children } : {}),
            }
          : toRow(r);
      }),
      total,
    };
  });

  registerCall(app, messageCalls.detail, policy.read, async ({ params, body }) => {
    const m = await service.find(params.appId, body.id);
    return toDetail(m, await repo.waves(m.id));
  });

  // the row actions (part 2 §4), with the group scope of an app-group send (?group=1)
  const rowActions = [
    [messageCalls.stop, 'stop'],
    [messageCalls.cancel, 'cancel'],
    [messageCalls.retreat, 'recall'],
    [messageCalls.remove, 'remove'],
  ] as const;
  for (const [call, action] of rowActions)
    registerCall(app, call, policy.act, async ({ params, query, session, projectLevel }) => {
      const target = await appOf(params.appId);
      await groupSends.act(action, target, params.msgId, query.group === '1', actor(session, projectLevel));
      return {};
    });
  registerAbTestRoutes(ctx, { messages: service, actions, messagesRepo: repo, appOf, groupSends });
  registerJourneyRoutes(ctx, { messages: service, actions, messagesRepo: repo, appOf });
}
