import type { FastifyInstance } from 'fastify';
import {
  bestHourLift,
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
import { KIND_OPTION, type DailyLimits } from '../../policy';
import type { MessageScope } from './message-scope';
import type { AppRecord } from '../apps';
import type { MessagesRepository } from './messages.repository';
import type { MessagesService } from './messages.service';
import { messagesPolicy as policy } from './messages.policy';
import { toDetail, toRow } from './messages.presenter';

/** A refusal of msg/gaid/check: its code, and the ids it is about in its message and in `data.gaids`. */
function gaidError(code: ErrorCode, gaids: string[]): ApiError {
  return new ApiError(code, (lang) => errorWithDetail(code, lang, gaids.join(', ')), { gaids });
}

const actor = (session: { user: { id: number; email: string; ulevel: number } }, projectLevel: number) => ({
  id: session.user.id,
  email: session.user.email,
  ulevel: session.user.ulevel,
  projectLevel,
});

/** The message calls (messages.module.ts builds what they use); saves and row actions pass the app-group scope. */
export function registerMessageRoutes(
  app: FastifyInstance,
  deps: {
    messages: MessagesService;
    repo: MessagesRepository;
    appOf: (appId: number) => Promise<AppRecord>;
    scope: MessageScope;
    /** the platform's per-device daily limits (global settings), null when off */
    perDeviceLimits: () => Promise<DailyLimits | null>;
    /** resolves once the device events this process acknowledged are counted: the list shows their counters */
    countsSettled: () => Promise<void>;
  },
): void {
  const { messages: service, repo, appOf, scope: groupSends } = deps;

  registerCall(app, messageCalls.targetMax, policy.compose, async ({ params, body, projectLevel }) => {
    const { count, exact, forecast } = await service.estimate(params.appId, body, projectLevel);
    return { newCount: count, exact, ...(forecast ? { forecast } : {}) };
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
    const limits = await deps.perDeviceLimits();
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
    await deps.countsSettled();
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
    // best hour: the control group against the rest, split as the plan split them
    const groups = m.scheduleType === ScheduleType.BEST_HOUR ? await repo.bestHourGroups(m.id) : null;
    const bestHour = groups && { ...groups, ...bestHourLift(groups.control, groups.best) };
    return toDetail(m, await repo.waves(m.id), bestHour);
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
}
