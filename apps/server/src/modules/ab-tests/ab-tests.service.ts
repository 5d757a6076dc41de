import {
  AB_TEST_TYPE,
  canEdit,
  ErrorCodes,
  MessageStatus as S,
  ScheduleType,
  type AbArm,
  type AbTestListRequest,
  type AbTestSave,
  type MessageLang,
  type MessageSave,
  contentCreatorOf,
} from '@beacon/shared';
import { AB_BUCKETS, type AudienceSplit } from '../../delivery/engine';
import { ApiError, fieldError } from '../../lib/api-error';
import type { AppRecord } from '../apps';
import {
  combinedStatus,
  isArm,
  type MessageWriterPort,
  type MessageActionsService,
  type OneMessage,
  type MessagesService,
} from '../messages';
import type { AbChildRecord, AbParentRecord, AbTestsRepository } from './ab-tests.repository';

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
const bucketsOf = (percent: number) => Math.round(percent * (AB_BUCKETS / 100));

/** The slices of a test whose arms each take `percent` %: A, B, and the rest (the devices in neither arm). */
export function abSlices(
  seed: number,
  percent: number,
): { A: AudienceSplit; B: AudienceSplit; rest: AudienceSplit } {
  const n = bucketsOf(percent);
  return {
    A: { seed, from: 0, to: n },
    B: { seed, from: n, to: 2 * n },
    rest: { seed, from: 2 * n, to: AB_BUCKETS },
  };
}

/**
 * A/B tests (issue 13 item 2): a parent row holding the test's settings and two arms saved and sent by the messages
 * service as any message, each with a slice of the audience; send to all adds a third child for the rest.
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
        'insert' | 'setAbParent' | 'softDelete' | 'takeSendToAll' | 'releaseSendToAll'
      >;
    },
  ) {}

  /** The message an arm is saved as: the test's targeting and settings with the arm's content and schedule. */
  private armInput(t: AbTestSave, arm: AbArm, id: number | undefined): OneMessage {
    const { childMsgs: _arms, msgType: _type, appGroupId: _group, groupCounts: _counts, ...settings } = t;
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
    const [a, b] = t.childMsgs as [AbArm, AbArm];
    // every rule of both arms first (the slices' seed does not change what is checked): a refusal writes nothing
    const probe = abSlices(t.id ?? 0, a.groupPercent);
    for (const [i, arm, split] of [
      [0, a, probe.A],
      [1, b, probe.B],
    ] as const)
      await this.deps.messages
        .save(
          app,
          this.armInput(t, arm, arm.id),
          actor,
          'message',
          this.armOf(t.id ?? 0, arm, split),
          'check',
        )
        .catch((err: unknown) => {
          throw inArm(err, i);
        });
    // an arm expected to hold less than one device of the audience tests nothing (3002): by the expected size, not
    // by the slice drawn, so that the answer does not depend on the test's id (the slices' seed)
    const audience = await this.deps.messages.audienceSize(app.id, this.armInput(t, a, a.id), actor.id);
    const smallest = Math.min(a.groupPercent, b.groupPercent);
    if ((audience * smallest) / 100 < 1)
      throw new ApiError(ErrorCodes.AB_COUNT_TOO_SMALL, undefined, { audience, groupPercent: smallest });
    if (mode === 'check') return { id: 0, status: S.WAITING };
    let parentId: number;
    if (t.id) {
      const parent = await this.deps.repo.parent(app.id, t.id);
      if (!parent) throw new ApiError(ErrorCodes.NOT_FOUND);
      const arms = await this.deps.repo.children([parent.id]);
      if (arms.length !== 2 || arms.some((c) => c.id !== a.id && c.id !== b.id))
        throw new ApiError(ErrorCodes.AB_NOT_ALLOWED);
      // both arms still editable, or neither is touched
      if (arms.some((c) => !canEdit(c.status))) throw new ApiError(ErrorCodes.ALREADY_SENT);
      parentId = parent.id;
    } else {
      if (a.id || b.id) throw new ApiError(ErrorCodes.AB_NOT_ALLOWED);
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
    const slices = abSlices(parentId, a.groupPercent);
    try {
      const saved = [];
      for (const [i, arm, split] of [
        [0, a, slices.A],
        [1, b, slices.B],
      ] as const) {
        saved.push(
          await this.deps.messages
            .save(app, this.armInput(t, arm, arm.id), actor, 'message', this.armOf(parentId, arm, split))
            .catch((err: unknown) => {
              throw inArm(err, i);
            }),
        );
      }
      const arms = await this.deps.repo.children([parentId]);
      const status = combinedStatus(saved, S.WAITING);
      await this.deps.writer.setAbParent(parentId, {
        status,
        pushCount: arms.reduce((n, c) => n + c.pushCount, 0),
        targetCount: arms.reduce((n, c) => n + c.targetCount, 0),
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

  /** Sends one arm to the devices in neither arm, once per test (sendMessageABTestToAll). */
  async sendToAll(app: AppRecord, id: number, armId: number, actor: Actor): Promise<number> {
    const { parent, children } = await this.detail(app.id, id);
    const arm = children.find((c) => c.id === armId && isArm(c));
    if (!arm) throw new ApiError(ErrorCodes.NOT_FOUND);
    if ([S.PENDING_REVIEW, S.REVIEW_REJECTED, S.AWAITING_AUDIT].includes(parent.status as 11))
      throw new ApiError(ErrorCodes.AB_NOT_ALLOWED);
    const arms = children.filter(isArm);
    if (arms.some((c) => ![S.SENT, S.SENT_ALT, S.SENDING].includes(c.status as 1)))
      throw new ApiError(ErrorCodes.AB_NOT_SCHEDULED);
    if (!(await this.deps.writer.takeSendToAll(id))) throw new ApiError(ErrorCodes.AB_NOT_ALLOWED);
    const source = await this.deps.messages.find(app.id, arm.id);
    try {
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
        {
          parentMsgId: id,
          groupTag: `${arm.groupTag}*`,
          groupPercent: 100 - 2 * arm.groupPercent,
          split: abSlices(id, arm.groupPercent).rest,
        },
      );
      return saved.id;
    } catch (err) {
      await this.deps.writer.releaseSendToAll(id);
      throw err;
    }
  }

  /** Deletes a test with its arms (delMessageABtest): allowed when every child may be deleted. */
  async remove(appId: number, id: number): Promise<void> {
    await this.detail(appId, id);
    await this.deps.actions.remove(appId, id);
  }
}
