import {
  AB_BANDIT,
  AB_LIMITS,
  AB_TEST_TYPE,
  canEdit,
  ErrorCodes,
  MessageStatus as S,
  ScheduleType,
  type AbArm,
  type AbWinnerReason,
  type AbTestListRequest,
  type AbTestSave,
  type MessageLang,
  type MessageSave,
  contentCreatorOf,
  roundStart,
} from '@beacon/shared';
import { AB_BUCKETS, type AudienceSplit } from '../../delivery/engine';
import { ApiError, fieldError } from '../../lib/api-error';
import type { AppRecord } from '../apps';
import {
  combinedStatus,
  isArm,
  type ArmOptions,
  type MessageWriterPort,
  type MessageActionsService,
  type OneMessage,
  type MessagesService,
} from '../messages';
import type { AbChildRecord, AbParentRecord, AbTestsRepository } from './ab-tests.repository';
import { nextRound } from './ab-bandit-rounds';

/** What the service reads of its repository (the fast tests pass the in-memory one of src/test/memory). */
export type AbTestsRepositoryPort = Pick<AbTestsRepository, 'parent' | 'list' | 'children'>;

interface Actor {
  id: number;
  email: string;
  projectLevel: number;
  /** the request's language (the reviewers' mail when the test waits for review) */
  lang?: MessageLang;
}

/** An arm's refusal names its field inside the arm (`childMsgs.1.data.trans_data`); other errors pass. */
function inArm(err: unknown, i: number): unknown {
  if (!(err instanceof ApiError)) return err;
  const fields = (err.data as { fields?: Array<{ field: string; message: string }> } | undefined)?.fields;
  const first = fields?.[0];
  if (!first) return err;
  const moved = [
    'title',
    'targetingType',
    'conditions',
    'groupId',
    'userIds',
    'pushCount',
    'msgDisplayPrior',
  ];
  return moved.some((f) => first.field.startsWith(f))
    ? err
    : fieldError(`childMsgs.${i}.${first.field}`, first.message);
}

/** An arm's share of the buckets: p % of AB_BUCKETS (two decimals of a percent are whole buckets). */
export const bucketsOf = (percent: number) => Math.round(percent * (AB_BUCKETS / 100));

/**
 * The slices of a test of `arms` variants that each take `percent` %: the i-th variant the i-th run of buckets, and
 * the rest (the devices in no variant) what is left.
 */
export function abSlices(
  seed: number,
  percent: number,
  arms: number = AB_LIMITS.armsMin,
): { arms: AudienceSplit[]; rest: AudienceSplit } {
  const n = bucketsOf(percent);
  return {
    arms: Array.from({ length: arms }, (_, i) => ({ seed, from: i * n, to: (i + 1) * n })),
    rest: { seed, from: arms * n, to: AB_BUCKETS },
  };
}

/**
 * The first slices of a test's variants: each its whole share (abSlices), or in bandit mode an even split of the first
 * round — the first quarter of the variants' buckets (ab-bandit.ts roundStart); the other rounds are planned later
 * (planRound), each on the next quarter.
 */
export function firstSlices(seed: number, percent: number, arms: number, bandit: boolean): AudienceSplit[] {
  if (!bandit) return abSlices(seed, percent, arms).arms;
  const end = roundStart(arms * bucketsOf(percent), 1);
  return Array.from({ length: arms }, (_, i) => ({
    seed,
    from: Math.floor((i * end) / arms),
    to: Math.floor(((i + 1) * end) / arms),
  }));
}

/**
 * A/B tests (issue 13 item 2, issue 34 §2): a parent row holding the test's settings and 2–8 arms saved and sent by
 * the messages service as any message, each with a slice of the audience; send to all adds a child for the rest.
 */
export class AbTestsService {
  constructor(
    private readonly deps: {
      repo: AbTestsRepositoryPort;
      /** the arms are saved, counted and read by the messages service */
      messages: Pick<MessagesService, 'save' | 'audienceSize' | 'find'>;
      actions: Pick<MessageActionsService, 'stop' | 'remove'>;
      writer: Pick<
        MessageWriterPort,
        | 'insert'
        | 'setAbParent'
        | 'softDelete'
        | 'takeSendToAll'
        | 'releaseSendToAll'
        | 'takeRound'
        | 'releaseRound'
      >;
    },
  ) {}

  /** The message an arm is saved as: the test's targeting and settings with the arm's content and schedule. */
  private armInput(t: AbTestSave, arm: AbArm, id: number | undefined): OneMessage {
    const {
      id: _test,
      childMsgs: _arms,
      msgType: _type,
      appGroupId: _group,
      groupCounts: _counts,
      winner: _winner,
      ...settings
    } = t;
    return {
      ...settings,
      ...(id ? { id } : {}),
      msgType: arm.msgType,
      data: arm.data,
      pushCount: 1,
      scheduleType: arm.scheduleType,
      ...(arm.scheduleDate ? { scheduleDate: arm.scheduleDate } : {}),
      scheduleUTC: arm.scheduleUTC,
      multiLangEnable: arm.multiLangEnable,
      multiLangContent: arm.multiLangContent,
      // the arm's own mark, else the test's; absent on an edit: the arm keeps the one stored
      ...(arm.contentCreateType !== undefined ? { contentCreateType: arm.contentCreateType } : {}),
    };
  }

  /**
   * Saves a test (new or edit) in one app; 'check': every rule of both arms and nothing written (an app-group send
   * checks every app first, group-sends.service.ts).
   */
  async save(
    app: AppRecord,
    t: AbTestSave,
    actor: Actor,
    mode: 'save' | 'check' = 'save',
  ): Promise<{ id: number; status: number }> {
    const arms = t.childMsgs;
    const a = arms[0]!;
    // every rule of every arm first (the slices' seed does not change what is checked): a refusal writes nothing
    const probe = firstSlices(t.id ?? 0, a.groupPercent, arms.length, t.winner.bandit);
    for (const [i, arm] of arms.entries())
      await this.deps.messages
        .save(
          app,
          this.armInput(t, arm, arm.id),
          actor,
          'message',
          this.armOf(t.id ?? 0, arm, probe[i]!),
          'check',
        )
        .catch((err: unknown) => {
          throw inArm(err, i);
        });
    // an arm expected to hold less than one device of the audience tests nothing (3002): by the expected size, not
    // by the slice drawn, so that the answer does not depend on the test's id (the slices' seed)
    const audience = await this.deps.messages.audienceSize(app.id, this.armInput(t, a, a.id), actor.id);
    if ((audience * a.groupPercent) / 100 < 1)
      throw new ApiError(ErrorCodes.AB_COUNT_TOO_SMALL, undefined, {
        audience,
        groupPercent: a.groupPercent,
      });
    if (mode === 'check') return { id: 0, status: S.WAITING };
    let parentId: number;
    let dropped: AbChildRecord[] = [];
    if (t.id) {
      const parent = await this.deps.repo.parent(app.id, t.id);
      if (!parent) throw new ApiError(ErrorCodes.NOT_FOUND);
      const stored = (await this.deps.repo.children([parent.id])).filter(isArm);
      // an edit names arms of this test only (new variants come without an id); a stored arm not named is removed
      if (arms.some((arm) => arm.id && !stored.some((c) => c.id === arm.id)))
        throw new ApiError(ErrorCodes.AB_NOT_ALLOWED);
      // every arm still editable, or none is touched
      if (stored.some((c) => !canEdit(c.status))) throw new ApiError(ErrorCodes.ALREADY_SENT);
      dropped = stored.filter((c) => !arms.some((arm) => arm.id === c.id));
      parentId = parent.id;
    } else {
      if (arms.some((arm) => arm.id)) throw new ApiError(ErrorCodes.AB_NOT_ALLOWED);
      parentId = await this.deps.writer.insert({
        appId: app.id,
        msgType: AB_TEST_TYPE,
        status: S.WAITING,
        title: t.title,
        ownerId: actor.id,
        ownerEmail: actor.email,
        data: {},
        targetingType: t.targetingType,
        conditions: t.conditions,
        groupId: t.groupId ?? null,
        userIds: t.userIds,
        pushCount: 0,
        targetCount: 0,
        scheduleType: a.scheduleType,
        scheduleLocal: null,
        scheduleAt: null,
        scheduleUtc: a.scheduleUTC,
        ttlSeconds: t.timeToLive,
        speedLimit: t.speedLimit,
        restrictType: t.msgRestrictType,
        displayPrior: t.msgDisplayPrior ?? null,
        multiLangEnable: false,
        multiLangContent: [],
        materialId: null,
        parentMsgId: null,
      });
    }
    const slices = firstSlices(parentId, a.groupPercent, arms.length, t.winner.bandit);
    try {
      // a variant dropped on edit goes first: its queued waves stop, and it never sends
      for (const c of dropped) {
        await this.deps.actions.stop(app.id, c.id).catch(() => undefined);
        await this.deps.writer.softDelete(c.id);
      }
      const saved = [];
      for (const [i, arm] of arms.entries()) {
        const options = { ...this.armOf(parentId, arm, slices[i]!), last: i === arms.length - 1 };
        saved.push(
          await this.deps.messages
            .save(app, this.armInput(t, arm, arm.id), actor, 'message', options)
            .catch((err: unknown) => {
              throw inArm(err, i);
            }),
        );
      }
      const children = await this.deps.repo.children([parentId]);
      const status = combinedStatus(saved, S.WAITING);
      await this.deps.writer.setAbParent(parentId, {
        status,
        pushCount: children.reduce((n, c) => n + c.pushCount, 0),
        targetCount: children.reduce((n, c) => n + c.targetCount, 0),
        winner: t.winner,
      });
      return { id: parentId, status };
    } catch (err) {
      // a refused arm (the check pass) leaves nothing behind; a failed write stops and deletes what it queued
      if (!t.id) await this.discard(app.id, parentId);
      throw err;
    }
  }

  private armOf(parentMsgId: number, arm: AbArm, split: AudienceSplit) {
    return { parentMsgId, groupTag: arm.groupTag, groupPercent: arm.groupPercent, split };
  }

  /** A new test whose save failed after both arms passed every check (the database failed): stop what was queued. */
  async discard(appId: number, parentId: number): Promise<void> {
    await this.deps.actions.stop(appId, parentId).catch(() => undefined);
    for (const c of await this.deps.repo.children([parentId])) await this.deps.writer.softDelete(c.id);
    await this.deps.writer.softDelete(parentId);
  }

  async list(appId: number, q: AbTestListRequest) {
    const { rows, total } = await this.deps.repo.list(appId, q);
    const children = await this.deps.repo.children(rows.map((r) => r.id));
    return { rows: rows.map((p) => this.withArms(p, children)), total };
  }

  async detail(appId: number, id: number) {
    const parent = await this.deps.repo.parent(appId, id);
    if (!parent) throw new ApiError(ErrorCodes.NOT_FOUND);
    return this.withArms(parent, await this.deps.repo.children([id]));
  }

  private withArms(p: AbParentRecord, all: AbChildRecord[]) {
    const children = all.filter((c) => c.parentMsgId === p.id);
    const arms = children.filter(isArm);
    return { parent: { ...p, status: combinedStatus(arms, p.status) }, children };
  }

  /**
   * Sends one arm to the devices in no arm, once per test (sendMessageABTestToAll): the operator's choice (`manual`),
   * or the automatic winner's (AbWinnerRunner). A bandit test's rest is sent once every round is planned.
   */
  async sendToAll(
    app: AppRecord,
    id: number,
    armId: number,
    actor: Actor,
    reason: AbWinnerReason = 'manual',
  ): Promise<number> {
    const { parent, children } = await this.detail(app.id, id);
    const arm = children.find((c) => c.id === armId && isArm(c));
    if (!arm) throw new ApiError(ErrorCodes.NOT_FOUND);
    if ([S.PENDING_REVIEW, S.REVIEW_REJECTED, S.AWAITING_AUDIT].includes(parent.status as 11))
      throw new ApiError(ErrorCodes.AB_NOT_ALLOWED);
    const arms = children.filter(isArm);
    if (arms.some((c) => ![S.SENT, S.SENT_ALT, S.SENDING].includes(c.status as 1)))
      throw new ApiError(ErrorCodes.AB_NOT_SCHEDULED);
    if (parent.winner?.bandit && parent.rounds < AB_BANDIT.rounds)
      throw new ApiError(ErrorCodes.AB_NOT_SCHEDULED);
    if (!(await this.deps.writer.takeSendToAll(id, { msgId: arm.id, reason })))
      throw new ApiError(ErrorCodes.AB_NOT_ALLOWED);
    // the rest: every bucket after the variants' (their last slice ends where it begins)
    const from = Math.max(...arms.map((c) => c.splitTo));
    try {
      return await this.saveCopy(app, parent, arm, actor, {
        parentMsgId: id,
        groupTag: `${arm.groupTag}*`,
        groupPercent: (AB_BUCKETS - from) / (AB_BUCKETS / 100),
        split: { seed: id, from, to: AB_BUCKETS },
      });
    } catch (err) {
      await this.deps.writer.releaseSendToAll(id);
      throw err;
    }
  }

  /** A copy of an arm's content, sent now to another slice of the test's audience (the rest, a bandit round). */
  private async saveCopy(
    app: AppRecord,
    parent: AbParentRecord,
    arm: AbChildRecord,
    actor: Actor,
    options: ArmOptions,
  ): Promise<number> {
    const source = await this.deps.messages.find(app.id, arm.id);
    const saved = await this.deps.messages.save(
      app,
      {
        holdoutShare: 0,
        msgType: arm.msgType as 1,
        data: arm.data,
        title: parent.title,
        targetingType: source.targetingType as 0,
        conditions: source.conditions,
        ...(source.groupId ? { groupId: source.groupId } : {}),
        userIds: source.userIds,
        fileOrigin: source.fileOrigin,
        fileLink: source.fileLink,
        msgRestrictType: source.restrictType as 1,
        pushCount: 1,
        targetCount: 0,
        scheduleType: ScheduleType.NOW,
        scheduleUTC: '+0000',
        timeToLive: source.ttlSeconds,
        speedLimit: source.speedLimit,
        ...(source.displayPrior !== null ? { msgDisplayPrior: source.displayPrior } : {}),
        multiLangEnable: arm.multiLangEnable,
        multiLangContent: arm.multiLangContent as MessageSave['multiLangContent'],
        // the arm's content, so its AI mark (statistics modes 2 and 3)
        contentCreateType: contentCreatorOf(source),
        forceCreate: true,
        countryMsgforceCreate: true,
      },
      actor,
      'message',
      options,
    );
    return saved.id;
  }

  /**
   * Plans the next round of a bandit test when its time has come (every variant sent, afterHours ÷ rounds after the
   * last start): the next quarter of the variants' buckets, split by each variant's chance of being best so far
   * (Thompson sampling, ab-bandit.ts), one copy of each variant on its run of buckets. Taken once (takeRound); a
   * failed save deletes what it made and gives the round back. True when a round was planned.
   */
  async planRound(app: AppRecord, id: number, actor: Actor, now: Date): Promise<boolean> {
    const { parent, children } = await this.detail(app.id, id);
    const plan = nextRound(parent, children.filter(isArm), now);
    if (!plan) return false;
    if (!(await this.deps.writer.takeRound(id, plan.round))) return false;
    const made: number[] = [];
    try {
      for (const slice of plan.slices)
        made.push(
          await this.saveCopy(app, parent, slice.arm, actor, {
            parentMsgId: id,
            groupTag: slice.arm.groupTag,
            groupPercent: (slice.to - slice.from) / (AB_BUCKETS / 100),
            split: { seed: id, from: slice.from, to: slice.to },
            round: plan.round,
            passed: true,
          }),
        );
      return true;
    } catch (err) {
      for (const m of made) {
        await this.deps.actions.stop(app.id, m).catch(() => undefined);
        await this.deps.writer.softDelete(m);
      }
      await this.deps.writer.releaseRound(id, plan.round);
      throw err;
    }
  }

  /** Deletes a test with its arms (delMessageABtest): allowed when every child may be deleted. */
  async remove(appId: number, id: number): Promise<void> {
    await this.detail(appId, id);
    await this.deps.actions.remove(appId, id);
  }
}
