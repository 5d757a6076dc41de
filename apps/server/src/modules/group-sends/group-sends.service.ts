import {
  appGroupBlock,
  ErrorCodes,
  groupSendTargets,
  MESSAGE_LIMITS,
  ScheduleType,
  type AbTestSave,
  type GroupAppCount,
  type MessageLang,
  type MessageSave,
  type Targeting,
  UserLevel,
} from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import type { AppGroupsRepository, UserAppRow } from '../app-groups';
import type { AppRecord } from '../apps';
import { toGroupChild } from './group-sends.presenter';
import type { GroupSendsRepository } from './group-sends.repository';
import {
  type MessageRecord,
  type MessageWriter,
  type MessageActionsService,
  type MaterialSource,
  type MessagesService,
  type GroupActor,
  type GroupRow,
  type MessageScope,
  type RowAction,
} from '../messages';

/** What an A/B test's group send needs of the A/B tests (modules/ab-tests passes its service: AbTestsService). */
export interface AbTestSaver {
  save(
    app: AppRecord,
    t: AbTestSave,
    actor: GroupActor & { lang?: MessageLang },
    mode?: 'save' | 'check',
  ): Promise<{ id: number; status: number }>;
  discard(appId: number, parentId: number): Promise<void>;
}

/** The project levels that may act on a message (messages.policy act). */
const ACTING_LEVELS: readonly number[] = [100, 200, 300, 400];

/**
 * A child's refusal names its entry (`groupCounts.1.pushCount`) and, in the message, its app; codes without a field
 * (daily limit, sensitive words, forbidden countries) pass as they are.
 */
function inChild(err: unknown, i: number, appTitle: string): unknown {
  if (!(err instanceof ApiError)) return err;
  const first = (err.data as { fields?: Array<{ field: string; message: string }> } | undefined)?.fields?.[0];
  if (!first) return err;
  const field = first.field === 'pushCount' ? 'pushCount' : 'appId';
  return fieldError(`groupCounts.${i}.${field}`, `${appTitle}: ${first.message}`);
}

/**
 * App-group sends (docs/group-sends.md): the parent is saved in the composing app as any message; each other app of
 * the group gets a child saved by the same messages service in its own app (its own rules, service account, quota and
 * counters). Every app's save is checked before anything is written; group actions (`?group=1`) reach every member,
 * only for a caller who may act in each member's app.
 */
export class GroupSendsService implements MessageScope {
  constructor(
    private readonly deps: {
      messages: MessagesService;
      actions: MessageActionsService;
      /** the messages' one writer (modules/messages) */
      writer: MessageWriter;
      groups: AppGroupsRepository;
      /** the group sends' own reads */
      groupRepo: GroupSendsRepository;
      appOf: (appId: number) => Promise<AppRecord>;
      /** the material a message is composed from (modules/materials), as the messages service checks it */
      usableMaterial?: MaterialSource;
      /** the caller's project level on an app (undefined without an active role) */
      levelOn: (user: { id: number; ulevel: number }, appId: number) => Promise<number | undefined>;
    },
  ) {}

  /** The group's apps (the composing app first) with the caller's block on each; refuses a group without the app. */
  private async groupApps(app: AppRecord, groupId: number, actor: GroupActor) {
    const group = await this.deps.groups.find(groupId);
    if (!group || !group.apps.some((a) => a.appId === app.id))
      throw fieldError('appGroupId', 'is not an app group of this app');
    const mine = new Map<number, UserAppRow>(
      (await this.deps.groups.userApps(actor)).map((a) => [a.appId, a]),
    );
    return group.apps.map((a) => {
      const own = mine.get(a.appId);
      return {
        ...a,
        current: a.appId === app.id,
        projectLevel: own?.projectLevel,
        blocked:
          a.appId === app.id ? null : own ? appGroupBlock(own.projectLevel, own.reviewEnable) : 'level',
      };
    });
  }

  /** getMsgSendCount: the audience of the targeting in each app of the group (0 where the caller cannot send). */
  async counts(
    app: AppRecord,
    t: Targeting & { appGroupId: number },
    actor: GroupActor,
  ): Promise<GroupAppCount[]> {
    if (!groupSendTargets(t.targetingType))
      throw fieldError('targetingType', 'an app-group send targets everyone, conditions or advertising ids');
    const apps = await this.groupApps(app, t.appGroupId, actor);
    const counts: GroupAppCount[] = [];
    for (const a of apps) {
      const estimate =
        a.blocked === null
          ? await this.deps.messages.estimate(a.appId, {
              ...t,
              forecast: false,
              scheduleType: ScheduleType.NOW,
              scheduleUTC: '+0000',
              timeToLive: MESSAGE_LIMITS.ttlMaxSeconds,
              holdoutShare: 0,
            })
          : { count: 0, exact: true };
      counts.push({
        appId: a.appId,
        pkg: a.pkg,
        title: a.title,
        current: a.current,
        blocked: a.blocked,
        targetCount: estimate.count,
        exact: estimate.exact,
      });
    }
    return counts;
  }

  /**
   * The other apps of a group send (groupCounts), each with the caller's level there: refuses an app outside the group,
   * one the caller does not own, and one whose sends need review.
   */
  private async members(
    app: AppRecord,
    send: { appGroupId: number; groupCounts: MessageSave['groupCounts']; targetingType: number },
    actor: GroupActor,
  ): Promise<Array<{ app: AppRecord; pushCount: number; actor: GroupActor }>> {
    if (!groupSendTargets(send.targetingType))
      throw fieldError('targetingType', 'an app-group send targets everyone, conditions or advertising ids');
    if (send.groupCounts.length === 0)
      throw fieldError('groupCounts', 'must name at least one other app of the group');
    const apps = new Map((await this.groupApps(app, send.appGroupId, actor)).map((a) => [a.appId, a]));
    const members = [];
    for (const [i, c] of send.groupCounts.entries()) {
      const member = apps.get(c.appId);
      if (!member || member.current)
        throw fieldError(`groupCounts.${i}.appId`, 'is not another app of this group');
      if (member.blocked === 'level')
        throw fieldError(`groupCounts.${i}.appId`, `${member.title}: you are not an owner of this app`);
      if (member.blocked === 'review')
        throw fieldError(
          `groupCounts.${i}.appId`,
          `${member.title}: this app reviews its messages, send to it on its own`,
        );
      members.push({
        app: await this.deps.appOf(c.appId).catch((err: unknown) => {
          throw inChild(err, i, member.title);
        }),
        pushCount: c.pushCount,
        actor: { ...actor, projectLevel: member.projectLevel ?? actor.projectLevel },
      });
    }
    return members;
  }

  /**
   * Every app's rules first (`check` each member: a refusal anywhere writes nothing), then the parent in the composing
   * app and one child per member, all carrying the group. A failed write stops and deletes what was queued rather than
   * send half a group.
   */
  private async saveGroup(
    app: AppRecord,
    appGroupId: number,
    members: Array<{ app: AppRecord; actor: GroupActor }>,
    save: (target: AppRecord, i: number, mode: 'save' | 'check') => Promise<{ id: number; status: number }>,
    discard: (appId: number, id: number) => Promise<void>,
  ): Promise<{ id: number; status: number }> {
    for (const [i, m] of members.entries())
      await save(m.app, i, 'check').catch((err: unknown) => {
        throw inChild(err, i, m.app.title);
      });
    const parent = await save(app, -1, 'save');
    await this.deps.writer.setAppGroup(parent.id, appGroupId, null);
    const saved: Array<[number, number]> = [];
    try {
      for (const [i, m] of members.entries()) {
        const child = await save(m.app, i, 'save');
        saved.push([child.id, m.app.id]);
        await this.deps.writer.setAppGroup(child.id, appGroupId, parent.id);
      }
    } catch (err) {
      for (const [id, appId] of [[parent.id, app.id] as [number, number], ...saved])
        await discard(appId, id).catch(() => undefined);
      throw err;
    }
    return parent;
  }

  /** Saves a message; with `appGroupId` and `groupCounts` (a new message only), the parent and one child per app. */
  async save(
    app: AppRecord,
    input: MessageSave,
    actor: GroupActor,
    /** 'check' (msg/check): every app's rules and refusals as the save meets them, nothing written */
    mode: 'save' | 'check' = 'save',
  ): Promise<{ id: number; status: number }> {
    const { appGroupId, groupCounts, ...one } = input;
    if (appGroupId === undefined || one.id) {
      if (groupCounts.length > 0 && !one.id) throw fieldError('appGroupId', 'is required with groupCounts');
      // edit has no scope: the message alone (its group stays)
      return this.deps.messages.save(app, one, actor, 'message', undefined, mode);
    }
    const members = await this.members(
      app,
      { appGroupId, groupCounts, targetingType: one.targetingType },
      actor,
    );
    // the children go where the parent's material lets it go (loss 109), though the material is the parent app's
    const material =
      one.materialId !== undefined ? await this.deps.usableMaterial?.(app.id, one.materialId) : undefined;
    const saveOne = (target: AppRecord, i: number, how: 'save' | 'check') => {
      const m = members[i];
      return m
        ? this.deps.messages.save(
            target,
            {
              ...one,
              pushCount: m.pushCount,
              materialId: undefined,
              parentMaterialCountries: material?.nationalAttributes,
            },
            m.actor,
            'message',
            undefined,
            how,
          )
        : this.deps.messages.save(target, one, actor, 'message', undefined, how);
    };
    if (mode === 'check') {
      for (const [i, m] of members.entries())
        await saveOne(m.app, i, 'check').catch((err: unknown) => {
          throw inChild(err, i, m.app.title);
        });
      return saveOne(app, -1, 'check');
    }
    return this.saveGroup(app, appGroupId, members, saveOne, async (appId, id) => {
      await this.deps.actions.stop(appId, id).catch(() => undefined);
      await this.deps.writer.softDelete(id);
    });
  }

  /**
   * Saves an A/B test; with `appGroupId` and `groupCounts` (a new test only), the same test in every app named, each
   * arm taking its percent of that app's own audience (the counts are not used).
   */
  async saveAb(
    app: AppRecord,
    t: AbTestSave,
    actor: GroupActor & { lang?: MessageLang },
    abTests: AbTestSaver,
  ): Promise<{ id: number; status: number }> {
    const { appGroupId, groupCounts } = t;
    const one: AbTestSave = { ...t, appGroupId: undefined, groupCounts: [] };
    if (appGroupId === undefined || t.id) {
      if (groupCounts.length > 0 && !t.id) throw fieldError('appGroupId', 'is required with groupCounts');
      return abTests.save(app, one, actor);
    }
    const members = await this.members(
      app,
      { appGroupId, groupCounts, targetingType: t.targetingType },
      actor,
    );
    return this.saveGroup(
      app,
      appGroupId,
      members,
      (target, i, mode) => abTests.save(target, one, members[i]?.actor ?? actor, mode),
      (appId, id) => abTests.discard(appId, id),
    );
  }

  /**
   * A row action; with `group` on a group-send message, on every member (the one named first, whose refusal is the
   * answer; the others where their own rules allow), only for a caller who may act in every member's app.
   */
  async act(
    action: RowAction,
    app: AppRecord,
    msgId: number,
    group: boolean,
    actor: GroupActor,
  ): Promise<void> {
    const run = async (target: AppRecord, id: number) => {
      if (action === 'recall') return this.deps.actions.recall(target, id, actor);
      return this.deps.actions[action](target.id, id);
    };
    if (!group) return run(app, msgId);
    const m = await this.deps.messages.find(app.id, msgId);
    if (m.appGroupId === null) return run(app, msgId);
    const members = await this.deps.groupRepo.groupMembers(m.appGroupParentId ?? m.id);
    await this.mayActOnAll(members, actor);
    await run(app, msgId);
    for (const other of members.filter((x) => x.id !== m.id)) {
      await run(await this.deps.appOf(other.appId), other.id).catch((err: unknown) => {
        // a member its own rules refuse (already sent, not started…) is left as it is
        if (!(err instanceof ApiError)) throw err;
      });
    }
  }

  private async mayActOnAll(members: MessageRecord[], actor: GroupActor): Promise<void> {
    for (const appId of new Set(members.map((x) => x.appId))) {
      const level = await this.deps.levelOn(actor, appId);
      if (level === undefined || !ACTING_LEVELS.includes(level))
        throw new ApiError(ErrorCodes.PERMISSION_DENIED);
    }
  }

  /**
   * A list page's group rows as the reader sees them: each parent's children in the apps the reader has a role on,
   * and for every group row whether the reader may act on the whole group (the scope dialog's "all").
   */
  async rowsOf(
    rows: Array<Pick<MessageRecord, 'id' | 'appGroupId' | 'appGroupParentId'>>,
    reader: { id: number; ulevel: number },
  ): Promise<Map<number, GroupRow>> {
    const grouped = rows.filter((r) => r.appGroupId !== null);
    if (grouped.length === 0) return new Map();
    const mine = reader.ulevel === UserLevel.SUPER_ADMIN ? null : await this.deps.groups.userApps(reader);
    const acting =
      mine && new Set(mine.filter((a) => ACTING_LEVELS.includes(a.projectLevel)).map((a) => a.appId));
    const parents = grouped.filter((r) => r.appGroupParentId === null).map((r) => r.id);
    const [children, appsOf] = await Promise.all([
      this.deps.groupRepo.groupChildren(parents, mine && mine.map((a) => a.appId)),
      this.deps.groupRepo.groupApps(grouped.map((r) => r.appGroupParentId ?? r.id)),
    ]);
    return new Map(
      grouped.map((r) => {
        const apps = appsOf.get(r.appGroupParentId ?? r.id) ?? [];
        const groupScope = acting === null || apps.every((a) => acting.has(a));
        if (r.appGroupParentId !== null) return [r.id, { groupScope }];
        const own = children.filter((c) => c.appGroupParentId === r.id).map(toGroupChild);
        return [r.id, { children: own, groupScope }];
      }),
    );
  }
}
