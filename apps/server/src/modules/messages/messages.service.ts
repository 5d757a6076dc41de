import {
  AB_TEST_TYPE,
  BEST_HOUR,
  ErrorCodes,
  MESSAGE_LIMITS,
  MessageStatus as S,
  canEdit,
  isFileTargeting,
  MessageType,
  ScheduleType,
  TargetingType as T,
  TESTER_TARGETING,
  type DailyLimitState,
  type MessageForecast,
  type MessageLang,
  type Targeting,
  type TargetMaxRequest,
  type Condition,
  waitsForReview,
} from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import { checkAppConditions, type VocabularyOf } from '../../audience/check-conditions';
import {
  audienceOf,
  type AudienceSplit,
  planWaves,
  TargetingError,
  type EngineRepository,
} from '../../delivery/engine';
import type { AppRecord } from '../apps';
import {
  checkMessageData,
  checkMessageTemplates,
  checkMessageWords,
  checkSpeedLimit,
  linkedMaterial,
  type ContentCheck,
  type MaterialSource,
  type OneMessage,
  type TemplateVariables,
} from './messages-content';
import type { MessagesConfirmRepository } from './messages-confirm.repository';
import { saveConfirmations } from './messages.confirm';
import { checkTags, scheduleOf } from './messages.schedule';
import type { MessageForecaster } from './messages.forecast';
import type { ForbiddenCheck } from './messages.forbidden';
import type { MessageRecord } from './messages.repository';
import type { NewMessage } from './message-writer.repository';
import type {
  MessagesEnginePort,
  MessagesEngineRepositoryPort,
  MessagesRepositoryPort,
  MessageWriterPort,
} from './messages.ports';

export interface MessagesServiceDeps {
  repo: MessagesRepositoryPort;
  /** the one writer of a messages row */
  writer: MessageWriterPort;
  /** The sensitive-word check of the platform and the app's lists. */
  checkContent?: ContentCheck;
  engineRepo: MessagesEngineRepositoryPort;
  engine: () => Promise<MessagesEnginePort>;
  now?: () => Date;
  /** The forbidden-country answer (201/202, messages.forbidden.ts). */
  checkForbidden?: ForbiddenCheck;
  /** File targeting (6, 7): the GAID list a message names, fetching a file link when needed (modules/targeting). */
  fileLists?: { listFor(appId: number, t: Targeting, userId: number | null): Promise<string> };
  /** The save's confirmations: audience packages (1071) and a twin of the previous day (21030), messages.confirm.ts. */
  confirm?: MessagesConfirmRepository;
  /**
   * The forecast before send (messages.forecast.ts): asked by the confirmation, stored at save; the forbidden-country
   * answer is read from it.
   */
  forecaster?: MessageForecaster;
  /**
   * Told when a saved message starts waiting for review (the reviewers' mail, platform/review-notices.ts): once per
   * message, an A/B test as its parent once its arms are saved. Must not throw; not awaited.
   */
  onReview?: (app: AppRecord, message: { id: number; msgType: number; title: string }, actor: Actor) => void;
  /**
   * The material a message is composed from (modules/materials): passed and of this app, or ApiError 25102. Without
   * it a message cannot link a material.
   */
  usableMaterial?: MaterialSource;
  /** The variables the app's templates may name (issue 33 §4); none: the device's fields and `user.id` only. */
  templateVariables?: TemplateVariables;
  /** The app's user attributes and event names, for attribute and event conditions (none without it). */
  vocabularyOf?: VocabularyOf;
}

/**
 * What makes a saved message a child: an A/B arm (ab-tests.service.ts: its parent, tag, share and slice of the
 * audience) or a journey's entry step (journeys.service.ts: no slice; the journey is reviewed as one).
 */
export interface ArmOptions {
  parentMsgId: number;
  groupTag: string;
  groupPercent: number;
  split?: AudienceSplit;
  /** the parent's kind, for the reviewers' mail (an A/B test is announced once its last arm is saved) */
  parentType?: number;
  /** an A/B test's last arm: the test waits for review as one, announced once this one is saved */
  last?: boolean;
  /** a bandit test's round (0 the first) */
  round?: number;
  /** content that passed review already (a bandit round's copy of a variant): sent without waiting again */
  passed?: boolean;
}

interface Actor {
  id: number;
  email: string;
  projectLevel: number;
  /** the request's language (the reviewers' mail); en when absent */
  lang?: MessageLang;
}

const TESTER = 500;
/** Targeting counted exactly: explicit device lists (ids, uploaded file, file link) are small next to the app. */
const EXACT_TARGETING: readonly number[] = [T.DEVICES, T.FILE_UPLOAD, T.FILE_LINK];

/** Messages: the compose rules of spec part 2 §5, scheduling into the delivery engine, and the row actions of §4. */
export class MessagesService {
  private readonly now: () => Date;

  constructor(private readonly deps: MessagesServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * The audience size of a targeting (getMessageTargetMax): exact for device ids and small apps, else sampled (≈); with
   * `forecast`, also the forecast before send over the devices the estimate read.
   */
  async estimate(
    appId: number,
    t: TargetMaxRequest,
    projectLevel?: number,
  ): Promise<{ count: number; exact: boolean; forecast?: MessageForecast }> {
    if (projectLevel === TESTER && !TESTER_TARGETING.includes(t.targetingType))
      throw fieldError(
        'targetingType',
        'testers may target device ids, an uploaded file or a file link only',
      );
    const audience = await this.audience(appId, t);
    const listed = EXACT_TARGETING.includes(t.targetingType)
      ? await this.deps.engineRepo.count(audience)
      : undefined;
    if (t.forecast && this.deps.forecaster) {
      // a message composed from a material: its countries take devices too (loss 109)
      const material =
        t.materialId !== undefined ? await this.deps.usableMaterial?.(appId, t.materialId) : undefined;
      return this.deps.forecaster.ofRequest(appId, t, audience, listed, material?.nationalAttributes);
    }
    if (listed !== undefined) return { count: listed, exact: true };
    const { count, exact } = await this.deps.repo.estimateAudience(audience);
    return { count, exact };
  }

  /**
   * pushCount ≤ the exact audience. The console offers the live estimate as 100 %: when that estimate was sampled, a
   * count between it and the exact audience means the whole audience, so a sampling error neither refuses the save nor
   * truncates the send.
   */
  private async checkPushCount(
    t: Targeting,
    pushCount: number,
    targetCount: number,
    audience: Awaited<ReturnType<MessagesService['audience']>>,
  ): Promise<number> {
    if (!EXACT_TARGETING.includes(t.targetingType)) {
      const estimate = await this.deps.repo.estimateAudience(audience);
      if (
        !estimate.exact &&
        pushCount >= Math.min(estimate.count, targetCount) &&
        pushCount <= Math.max(estimate.count, targetCount)
      )
        return targetCount;
    }
    if (pushCount > targetCount)
      throw fieldError('pushCount', `must not exceed the audience (${targetCount} devices)`);
    return pushCount;
  }

  private async audience(appId: number, t: Targeting, userId: number | null = null, split?: AudienceSplit) {
    if (isFileTargeting(t.targetingType)) {
      if (!this.deps.fileLists) throw fieldError('targetingType', 'file targeting is not available');
      t.fileOrigin = await this.deps.fileLists.listFor(appId, t, userId);
    }
    const groupConditions =
      t.targetingType === T.USER_GROUP && t.groupId
        ? await this.deps.engineRepo.groupConditions(appId, t.groupId)
        : undefined;
    if (t.targetingType === T.USER_GROUP && !groupConditions)
      throw fieldError('groupId', 'is not a user group of this app');
    await checkTags(
      this.deps.repo,
      appId,
      t.targetingType === T.CONDITIONS
        ? t.conditions
        : t.targetingType === T.USER_GROUP
          ? groupConditions
          : [],
    );
    if (t.targetingType === T.DEVICES && t.userIds.length === 0)
      throw fieldError('userIds', 'must list at least one advertising id');
    if (t.targetingType === T.CONDITIONS && t.conditions.length === 0)
      throw fieldError('conditions', 'must hold at least one condition');
    if (t.targetingType === T.CONDITIONS) await this.checkConditions(appId, t.conditions);
    try {
      const file = isFileTargeting(t.targetingType) ? { fileOrigin: t.fileOrigin } : {};
      return audienceOf({
        appId,
        targetingType: t.targetingType,
        conditions: t.conditions,
        userIds: t.userIds,
        ...file,
        ...(groupConditions ? { groupConditions } : {}),
        ...(split ? { split } : {}),
      });
    } catch (err) {
      if (err instanceof TargetingError) throw fieldError('targetingType', err.message);
      throw err;
    }
  }

  /**
   * Refuses conditions that break the shared rule or name an attribute or event the app does not have (400 naming
   * `conditions.<i>.<field>`); the advanced labels' switches and tags are checkTags'. Journeys check their later
   * steps' conditions with it.
   */
  async checkConditions(appId: number, conditions: readonly Condition[]): Promise<void> {
    await checkAppConditions(appId, conditions, this.deps.vocabularyOf);
  }

  /** The message an edit replaces: this app's, not an A/B arm edited on its own, still editable; else the refusal. */
  private async editable(appId: number, id: number, arm: ArmOptions | undefined) {
    const existing = await this.deps.repo.find(appId, id);
    if (!existing) throw new ApiError(ErrorCodes.NOT_FOUND);
    // an A/B arm is edited with its test, never on its own
    if ((existing.parentMsgId !== null) !== (arm !== undefined) || existing.msgType === AB_TEST_TYPE)
      throw new ApiError(ErrorCodes.AB_NOT_ALLOWED);
    if (!canEdit(existing.status))
      throw new ApiError(
        existing.status === S.SENDING ? ErrorCodes.MODIFY_WHILE_SENDING : ErrorCodes.ALREADY_SENT,
      );
    return existing;
  }

  /**
   * The app's daily message limit of a kind (21029): the messages of that kind it created since the UTC day began,
   * against its `limitCount` when `limitEnable`. msg/save refuses by it and limit/check answers it, so the check before
   * the confirmation and the save cannot disagree. An edit (`id`) is never refused: it creates nothing.
   */
  async dailyLimit(
    app: Pick<AppRecord, 'id' | 'limitEnable' | 'limitCount'>,
    restrictType: number,
    id?: number,
    now: Date = this.now(),
  ): Promise<DailyLimitState> {
    const state = {
      msgRestrictType: restrictType,
      limitEnable: app.limitEnable && app.limitCount > 0,
      limitCount: app.limitCount,
      used: 0,
      reached: false,
    };
    if (!state.limitEnable) return state;
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    state.used = await this.deps.repo.countCreatedSince(app.id, restrictType, dayStart);
    state.reached = !id && state.used >= app.limitCount;
    return state;
  }

  /** The exact audience of a targeting, whole (an A/B test's before it is split into arms). */
  async audienceSize(appId: number, t: Targeting, userId: number): Promise<number> {
    return this.deps.engineRepo.count(await this.audience(appId, t, userId));
  }

  /** The content rules of a message alone (data, sensitive words): a journey's steps are checked so at save. */
  async checkContent(app: AppRecord, input: OneMessage, projectLevel: number): Promise<void> {
    checkMessageData(app, input);
    await checkMessageTemplates(this.deps.templateVariables, app, input);
    await checkMessageWords(this.deps.checkContent, app, input, projectLevel);
  }

  /** Validates and saves a message (new or edit), then schedules it unless it waits for review. */
  async save(
    app: AppRecord,
    input: OneMessage,
    actor: Actor,
    kind: 'message' | 'preview' = 'message',
    arm?: ArmOptions,
    /** 'check': every rule and refusal of a save, and nothing written (an A/B test checks both arms first) */
    mode: 'save' | 'check' = 'save',
  ): Promise<{ id: number; status: number }> {
    checkMessageData(app, input);
    await checkMessageTemplates(this.deps.templateVariables, app, input);
    const material = await linkedMaterial(this.deps.usableMaterial, app, input);
    await checkMessageWords(this.deps.checkContent, app, input, actor.projectLevel);
    if (
      actor.projectLevel === TESTER &&
      kind === 'message' &&
      !TESTER_TARGETING.includes(input.targetingType)
    ) {
      throw fieldError(
        'targetingType',
        'testers may target device ids, an uploaded file or a file link only',
      );
    }
    checkSpeedLimit(input.speedLimit);
    if (input.msgDisplayPrior !== undefined && !app.displayPriorityEnable)
      throw fieldError('msgDisplayPrior', 'is off for this app');
    const now = this.now();
    const schedule = scheduleOf(app, input, now);
    const audience = await this.audience(app.id, input, actor.id, arm?.split);
    const targetCount = await this.deps.engineRepo.count(audience);
    // an A/B arm sends to its whole slice of the audience
    if (arm) input.pushCount = targetCount;
    else if (kind === 'message')
      input.pushCount = await this.checkPushCount(input, input.pushCount, targetCount, audience);
    if (kind === 'message') {
      const limit = await this.dailyLimit(app, input.msgRestrictType, input.id, now);
      if (limit.reached) throw new ApiError(ErrorCodes.DAILY_LIMIT_REACHED, undefined, limit);
    }
    // an edit: the message must be this app's and editable, in a check (msg/check) as in the save
    const existing = input.id && kind === 'message' ? await this.editable(app.id, input.id, arm) : undefined;
    // the forecast before send: stored with the message, and what the forbidden-country answer (201/202) is made of
    const listed = EXACT_TARGETING.includes(input.targetingType) ? targetCount : undefined;
    // its own control share is seeded with its id (holdout:{id}): a new message takes its id now, so that the forecast
    // holds out the very devices the engine will
    const msgId =
      existing?.id ??
      (kind === 'message' && mode === 'save' && input.holdoutShare > 0 && this.deps.forecaster
        ? await this.deps.writer.reserveId()
        : undefined);
    const estimate =
      kind === 'message'
        ? await this.deps.forecaster?.ofSave(
            app.id,
            input,
            schedule,
            audience,
            listed,
            material?.nationalAttributes ?? input.parentMaterialCountries,
            msgId,
          )
        : undefined;
    if (estimate)
      await this.deps.checkForbidden?.(
        app.id,
        estimate,
        input.pushCount,
        input.countryMsgforceCreate === true,
      );
    if (kind === 'message' && this.deps.confirm)
      await saveConfirmations(
        this.deps.confirm,
        this.deps.engineRepo,
        app.id,
        input,
        schedule,
        now,
        arm !== undefined,
      );
    // an A/B test's "send to all" child (tag A* / B*) goes out after its test passed review: not reviewed again
    const review =
      kind === 'message' &&
      waitsForReview(app, actor.projectLevel) &&
      !(arm && (arm.groupTag.endsWith('*') || arm.passed));
    const status = review
      ? S.PENDING_REVIEW
      : schedule.type === ScheduleType.NOW || schedule.type === ScheduleType.BEST_HOUR
        ? S.WAITING
        : schedule.type === ScheduleType.AT_TIME
          ? S.WAITING_SCHEDULED
          : S.WAITING_LOCAL;
    // msg/check: the status the save would give, nothing written
    if (mode === 'check') return { id: 0, status };
    const forecast = estimate?.forecast ?? null;
    const record: NewMessage = {
      appId: app.id,
      msgType: kind === 'preview' ? MessageType.PREVIEW : input.msgType,
      status,
      title: kind === 'preview' ? input.title || 'Test preview' : input.title,
      ownerId: actor.id,
      ownerEmail: actor.email,
      data: input.data,
      targetingType: input.targetingType,
      conditions: input.conditions,
      // only a user-group targeting names its group (any other id sent is not this message's, nor read)
      groupId: input.targetingType === T.USER_GROUP ? (input.groupId ?? null) : null,
      userIds: input.userIds.map((u) => u.toLowerCase()),
      fileOrigin: isFileTargeting(input.targetingType) ? input.fileOrigin : '',
      fileLink: input.targetingType === T.FILE_LINK ? input.fileLink.trim() : '',
      pushCount: kind === 'preview' ? Math.max(1, targetCount) : input.pushCount,
      targetCount,
      scheduleType: schedule.type,
      scheduleLocal: schedule.local,
      scheduleAt: schedule.at,
      scheduleUtc: schedule.zone,
      ttlSeconds: kind === 'preview' ? MESSAGE_LIMITS.testPreviewTtlSeconds : input.timeToLive,
      speedLimit: input.speedLimit,
      controlShare:
        schedule.type === ScheduleType.BEST_HOUR ? (input.controlShare ?? BEST_HOUR.controlShareDefault) : 0,
      // a preview reaches every test device it names
      holdoutShare: kind === 'preview' ? 0 : input.holdoutShare,
      restrictType: input.msgRestrictType,
      displayPrior: input.msgDisplayPrior ?? null,
      multiLangEnable: input.multiLangEnable,
      multiLangContent: input.multiLangEnable ? input.multiLangContent : [],
      materialId: material ? (input.materialId ?? null) : null,
      materialCountries: material?.nationalAttributes ?? input.parentMaterialCountries ?? null,
      parentMsgId: arm?.parentMsgId ?? null,
      forecast: forecast ?? null,
      contentCreateType: input.contentCreateType,
    };
    let id: number;
    if (existing) {
      await this.deps.writer.replace(existing.id, record);
      id = existing.id;
    } else {
      id = await this.deps.writer.insert(msgId === undefined ? record : { ...record, id: msgId });
    }
    if (arm) await this.deps.writer.setArm(id, arm);
    if (!review) await this.start(id, schedule, audience, now);
    // an A/B test waits as one: told once its last arm is saved
    else if (!arm || arm.last || arm.parentType !== undefined)
      this.deps.onReview?.(
        app,
        arm
          ? { id: arm.parentMsgId, msgType: arm.parentType ?? AB_TEST_TYPE, title: record.title }
          : { id, msgType: record.msgType, title: record.title },
        actor,
      );
    return { id, status };
  }

  /**
   * Schedules a message that passed review (modules/reviews) as save schedules one that needs none: its waves planned
   * from its stored audience (an A/B arm's slice included) and `schedule`, each queued at its instant. The caller has
   * moved its status out of review first (the engine plans nothing still in review).
   */
  async startReviewed(
    id: number,
    schedule: { type: number; local: string | null; zone: string },
  ): Promise<void> {
    const m = await this.deps.engineRepo.message(id);
    if (!m) throw new ApiError(ErrorCodes.NOT_FOUND);
    const groupConditions =
      m.targetingType === T.USER_GROUP && m.groupId
        ? await this.deps.engineRepo.groupConditions(m.appId, m.groupId)
        : undefined;
    let audience;
    try {
      audience = audienceOf({ ...m, ...(groupConditions ? { groupConditions } : {}) });
    } catch (err) {
      if (err instanceof TargetingError) throw fieldError('targetingType', err.message);
      throw err;
    }
    await this.start(id, schedule, audience, this.now());
  }

  private async start(
    id: number,
    schedule: { type: number; local: string | null; zone: string },
    audience: Awaited<ReturnType<MessagesService['audience']>>,
    now: Date,
  ): Promise<void> {
    const engine = await this.deps.engine();
    const waves = await planWaves(
      // planWaves calls message, insertWave and offsets, and for a best-hour message appBestHour, setBestPlan and
      // bestSlots (delivery/engine/scheduler.ts): the fast tier's memory repository has no best hours
      this.deps.engineRepo as EngineRepository,
      { id, scheduleType: schedule.type, scheduleLocal: schedule.local, scheduleUtc: schedule.zone },
      audience,
      now,
    );
    for (const w of waves) await engine.queueWave(w.waveId, w.runAt);
    if (waves.length === 0) await engine.maybeFinish(id);
  }

  async find(appId: number, id: number): Promise<MessageRecord> {
    const m = await this.deps.repo.find(appId, id);
    if (!m) throw new ApiError(ErrorCodes.NOT_FOUND);
    return m;
  }
}
