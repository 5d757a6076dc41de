import {
  canStop,
  ErrorCodes,
  JOURNEY_TYPE,
  MessageStatus as S,
  ScheduleType,
  TargetingType,
  waitEnd,
  type JourneyListRequest,
  type JourneySave,
  type JourneyStep,
  type MessageLang,
} from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import type { AppRecord } from '../apps';
import type { JourneyDefinition, JourneysRepository, JourneyStepRecord } from './journeys.repository';
import type { MessageRecord, MessagesRepository } from './messages.repository';
import type { MessageActionsService } from './messages-actions.service';
import type { OneMessage } from './messages-content';
import type { MessagesService } from './messages.service';

interface Actor {
  id: number;
  email: string;
  projectLevel: number;
  lang?: MessageLang;
}

/** The journey's jobs (jobs/boss.ts JOBS.journeyEstimate / journeyStep), queued through the delivery runtime. */
export interface JourneyJobs {
  estimate(journeyId: number, appId: number, rev: number): Promise<void>;
  step(stepId: number, at: Date): Promise<void>;
}

/** A parent's definition (its `data`), with the revision a background estimate checks before writing. */
type Definition = JourneyDefinition & { rev: number };

/** Statuses after which a step sends nothing more. */
const ENDED: readonly number[] = [
  S.SENT,
  S.SENT_ALT,
  S.STOPPED,
  S.STOPPED_ALT,
  S.RECALLED,
  S.INVALID,
  S.DELETED,
  S.DELETED_ALT,
  S.REVIEW_REJECTED,
];
const SENT: readonly number[] = [S.SENT, S.SENT_ALT];
/** A journey not confirmed yet: counting, waiting for confirmation, or its count failed. */
const DRAFT: readonly number[] = [S.CANVAS_WAITING_COUNT, S.CANVAS_WAITING_CONFIRM, S.CANVAS_WAIT_ERROR];

/** Members from which a transition refreshes the members' planner statistics before the step sends. */
const ANALYZE_AFTER = 10_000;

/** A step's refusal names its field inside the step (`childMsgs.1.data.noti_title`); other errors pass. */
function inStep(err: unknown, i: number): unknown {
  if (!(err instanceof ApiError)) return err;
  const first = (err.data as { fields?: Array<{ field: string; message: string }> } | undefined)?.fields?.[0];
  return first ? fieldError(`childMsgs.${i}.${first.field}`, first.message) : err;
}

/** The status a journey shows: its own before it is confirmed or once stopped, else what its steps are doing. */
export function journeyStatus(parentStatus: number, steps: JourneyStepRecord[]): number {
  if (DRAFT.includes(parentStatus) || parentStatus === S.STOPPED || steps.length === 0) return parentStatus;
  const entry = steps.find((s) => !s.gated);
  if (entry && [S.PENDING_REVIEW, S.REVIEW_REJECTED, S.AWAITING_AUDIT].includes(entry.status as 11))
    return entry.status;
  if (entry && [S.WAITING, S.WAITING_SCHEDULED, S.WAITING_LOCAL].includes(entry.status as 0))
    return entry.status;
  if (steps.every((s) => ENDED.includes(s.status)))
    return steps.some((s) => SENT.includes(s.status)) ? S.SENT : S.STOPPED;
  return S.SENDING;
}

/**
 * Journeys (issue 15, docs/journeys.md): save and estimate a definition, confirm it (its entry step becomes a message
 * sent by the engine, each later step a message waiting for its turn), then move each step in when its source has sent
 * and its wait ended — its members taken from the source's send records and events, exactly once.
 */
export class JourneysService {
  private readonly now: () => Date;

  constructor(
    private readonly deps: {
      repo: JourneysRepository;
      messages: MessagesService;
      messagesRepo: MessagesRepository;
      actions: MessageActionsService;
      jobs: JourneyJobs;
      transaction: <T>(fn: (tx: Parameters<JourneysRepository['enter']>[0]) => Promise<T>) => Promise<T>;
      appOf: (appId: number) => Promise<AppRecord>;
      /** queues a planned wave's job with the delivery engine (singleton per wave) */
      queueWave: (waveId: number, runAt: Date) => Promise<void>;
      now?: () => Date;
      log?: { warn(obj: object, msg?: string): void };
    },
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  /** A step as the message it is sent as: the journey's settings, the step's content; the entry has the audience. */
  private stepInput(j: JourneySave | MessageRecord, step: JourneyStep, entry: boolean): OneMessage {
    const settings =
      'childMsgs' in j
        ? j
        : {
            targetingType: j.targetingType as 0,
            conditions: j.conditions,
            ...(j.groupId ? { groupId: j.groupId } : {}),
            userIds: j.userIds,
            fileOrigin: j.fileOrigin,
            fileLink: j.fileLink,
            msgRestrictType: j.restrictType as 1,
            scheduleType: j.scheduleType as 1,
            ...(j.scheduleLocal ? { scheduleDate: j.scheduleLocal } : {}),
            scheduleUTC: j.scheduleUtc,
            timeToLive: j.ttlSeconds,
            speedLimit: j.speedLimit,
            ...(j.displayPrior !== null ? { msgDisplayPrior: j.displayPrior } : {}),
          };
    return {
      targetingType: entry ? settings.targetingType : TargetingType.EVERYONE,
      conditions: entry ? settings.conditions : [],
      ...(entry && settings.groupId ? { groupId: settings.groupId } : {}),
      userIds: entry ? settings.userIds : [],
      fileOrigin: entry ? settings.fileOrigin : '',
      fileLink: entry ? settings.fileLink : '',
      msgRestrictType: settings.msgRestrictType,
      msgType: step.msgType,
      data: step.data,
      title: step.title || `${j.title} · ${step.groupTag}`,
      pushCount: 1,
      targetCount: 0,
      scheduleType: entry ? settings.scheduleType : ScheduleType.NOW,
      ...(entry && settings.scheduleDate ? { scheduleDate: settings.scheduleDate } : {}),
      scheduleUTC: settings.scheduleUTC,
      timeToLive: settings.timeToLive,
      speedLimit: settings.speedLimit,
      ...(settings.msgDisplayPrior !== undefined ? { msgDisplayPrior: settings.msgDisplayPrior } : {}),
      multiLangEnable: step.multiLangEnable,
      multiLangContent: step.multiLangContent,
    };
  }

  private async parent(appId: number, id: number): Promise<MessageRecord> {
    const p = await this.deps.messagesRepo.find(appId, id);
    if (!p || p.msgType !== JOURNEY_TYPE) throw new ApiError(ErrorCodes.NOT_FOUND);
    return p;
  }

  private definition(p: MessageRecord): Definition {
    const d = p.data as Partial<Definition>;
    return { steps: d.steps ?? [], estimates: d.estimates ?? null, error: d.error ?? '', rev: d.rev ?? 0 };
  }

  /**
   * flowCanvasCreate: checks every step's content and the entry's audience and schedule as compose does (nothing
   * written on a refusal), saves the definition at status 19 and queues its estimate. An edit is allowed before the
   * journey is confirmed (18, 19, 20).
   */
  async save(app: AppRecord, j: JourneySave, actor: Actor): Promise<{ id: number; status: number }> {
    for (const [i, step] of j.childMsgs.entries())
      await this.deps.messages
        .checkContent(app, this.stepInput(j, step, i === 0), actor.projectLevel)
        .catch((err: unknown) => {
          throw inStep(err, i);
        });
    const entry = j.childMsgs[0]!;
    await this.deps.messages.save(
      app,
      {
        ...this.stepInput(j, entry, true),
        ...(j.forceCreate ? { forceCreate: true } : {}),
        ...(j.countryMsgforceCreate ? { countryMsgforceCreate: true } : {}),
      },
      actor,
      'message',
      { parentMsgId: 0, groupTag: entry.groupTag, groupPercent: 100, parentType: JOURNEY_TYPE },
      'check',
    );
    const steps = j.childMsgs.map((s) => ({ ...s, id: undefined }));
    let id: number;
    let rev = 1;
    const record = {
      appId: app.id,
      msgType: JOURNEY_TYPE,
      status: S.CANVAS_WAITING_COUNT,
      title: j.title,
      ownerId: actor.id,
      ownerEmail: actor.email,
      targetingType: j.targetingType,
      conditions: j.conditions,
      groupId: j.groupId ?? null,
      userIds: j.userIds.map((u) => u.toLowerCase()),
      fileOrigin: j.fileOrigin,
      fileLink: j.fileLink,
      pushCount: 0,
      targetCount: 0,
      scheduleType: j.scheduleType,
      scheduleLocal: j.scheduleType === ScheduleType.NOW ? null : (j.scheduleDate ?? null),
      scheduleAt: null,
      scheduleUtc: j.scheduleUTC,
      ttlSeconds: j.timeToLive,
      speedLimit: j.speedLimit,
      restrictType: j.msgRestrictType,
      displayPrior: j.msgDisplayPrior ?? null,
      multiLangEnable: false,
      multiLangContent: [],
      materialId: null,
      parentMsgId: null,
    };
    if (j.id) {
      const existing = await this.parent(app.id, j.id);
      if (!DRAFT.includes(existing.status)) throw new ApiError(ErrorCodes.JOURNEY_STATE);
      rev = this.definition(existing).rev + 1;
      await this.deps.messagesRepo.replace(existing.id, {
        ...record,
        data: { steps, estimates: null, error: '', rev } satisfies Definition,
      });
      id = existing.id;
    } else {
      id = await this.deps.messagesRepo.insert({
        ...record,
        data: { steps, estimates: null, error: '', rev } satisfies Definition,
      });
    }
    await this.deps.jobs.estimate(id, app.id, rev);
    return { id, status: S.CANVAS_WAITING_COUNT };
  }

  /**
   * The background estimate (job journey-estimate): the entry's audience as compose counts it, each later step
   * projected from its source by the app's last 30 days' rates (null without history). 18 when done, 20 with the
   * reason when it fails; a result for an older revision (edited since) is dropped.
   */
  async estimate(journeyId: number, appId: number, rev: number): Promise<void> {
    const p = await this.deps.messagesRepo.find(appId, journeyId);
    if (!p || p.status !== S.CANVAS_WAITING_COUNT) return;
    const def = this.definition(p);
    if (def.rev !== rev) return;
    try {
      const entry = this.stepInput(p, def.steps[0]!, true);
      const { count } = await this.deps.messages.estimate(appId, { ...entry, forecast: false });
      const rates = await this.deps.repo.rates(appId);
      const estimates: Array<number | null> = [count];
      const dispatchRate = rates.push > 0 ? rates.dispatch / rates.push : 0;
      const share = (outcome: string): number => {
        if (rates.dispatch <= 0) return 0;
        if (outcome === 'clicked') return rates.click / rates.dispatch;
        if (outcome === 'shownNotClicked') return Math.max(0, rates.show - rates.click) / rates.dispatch;
        if (outcome === 'notShown') return Math.max(0, 1 - rates.show / rates.dispatch);
        return 1;
      };
      const all = await this.deps.messages.estimate(appId, {
        targetingType: TargetingType.EVERYONE,
        conditions: [],
        userIds: [],
        fileOrigin: '',
        fileLink: '',
        msgRestrictType: 1,
        forecast: false,
        scheduleType: ScheduleType.NOW,
        scheduleUTC: '+0000',
        timeToLive: 43200,
      });
      for (const [i, step] of def.steps.entries()) {
        if (i === 0) continue;
        const b = step.displayConditions!;
        const from = def.steps.findIndex((s) => s.groupTag === b.from);
        const source = estimates[from] ?? null;
        if (source === null || rates.push <= 0) {
          estimates.push(null);
          continue;
        }
        let part = share(b.outcome);
        if (b.outcome === 'residue') {
          const siblings = def.steps.filter(
            (s, k) =>
              k !== i && s.displayConditions?.from === b.from && s.displayConditions.outcome !== 'residue',
          );
          part = Math.max(0, 1 - siblings.reduce((n, s) => n + share(s.displayConditions!.outcome), 0));
        }
        let kept = 1;
        if (step.conditions.length > 0 && all.count > 0) {
          const narrowed = await this.deps.messages.estimate(appId, {
            ...this.stepInput(p, step, false),
            targetingType: TargetingType.CONDITIONS,
            conditions: step.conditions,
            forecast: false,
          });
          kept = Math.min(1, narrowed.count / all.count);
        }
        estimates.push(Math.round(source * dispatchRate * part * kept));
      }
      await this.deps.repo.setDefinition(
        journeyId,
        { ...def, estimates, error: '' },
        S.CANVAS_WAITING_CONFIRM,
        [S.CANVAS_WAITING_COUNT],
        count,
      );
    } catch (err) {
      const reason =
        err instanceof ApiError
          ? ((err.data as { fields?: Array<{ field: string; message: string }> } | undefined)?.fields
              ?.map((f) => `${f.field} ${f.message}`)
              .join('; ') ?? err.message)
          : 'the audience could not be counted';
      this.deps.log?.warn({ err, journeyId }, 'journey estimate failed');
      await this.deps.repo.setDefinition(
        journeyId,
        { ...def, estimates: null, error: reason },
        S.CANVAS_WAIT_ERROR,
        [S.CANVAS_WAITING_COUNT],
      );
    }
  }

  /** flowChartReCalculate: count again (18 or 20 → 19). */
  async reCalc(appId: number, id: number): Promise<{ id: number; status: number }> {
    const p = await this.parent(appId, id);
    const def = this.definition(p);
    const next = { ...def, estimates: null, error: '', rev: def.rev + 1 };
    if (
      !(await this.deps.repo.setDefinition(id, next, S.CANVAS_WAITING_COUNT, [
        S.CANVAS_WAITING_CONFIRM,
        S.CANVAS_WAIT_ERROR,
      ]))
    )
      throw new ApiError(ErrorCodes.JOURNEY_STATE);
    await this.deps.jobs.estimate(id, appId, next.rev);
    return { id, status: S.CANVAS_WAITING_COUNT };
  }

  /**
   * flowCanvasCreateConfirm (status 18 only): the entry step saved and scheduled as compose does (forbidden countries,
   * daily limits, review), every later step saved waiting for its turn. A refusal leaves the journey at 18.
   */
  async confirm(
    app: AppRecord,
    id: number,
    actor: Actor,
    force: { forceCreate?: boolean; countryMsgforceCreate?: boolean },
  ): Promise<{ id: number; status: number }> {
    const p = await this.parent(app.id, id);
    // taken: a second confirm (another tab) finds it no longer at 18
    if (!(await this.deps.repo.setStatus(id, S.WAITING_SCHEDULED, [S.CANVAS_WAITING_CONFIRM])))
      throw new ApiError(ErrorCodes.JOURNEY_STATE);
    const def = this.definition(p);
    const [entry, ...later] = def.steps as [JourneyStep, ...JourneyStep[]];
    let saved: { id: number; status: number };
    try {
      saved = await this.deps.messages.save(
        app,
        { ...this.stepInput(p, entry, true), ...force },
        actor,
        'message',
        { parentMsgId: id, groupTag: entry.groupTag, groupPercent: 100, parentType: JOURNEY_TYPE },
      );
    } catch (err) {
      await this.deps.repo.setStatus(id, S.CANVAS_WAITING_CONFIRM, [S.WAITING_SCHEDULED]);
      throw err;
    }
    await this.deps.repo.setStep(saved.id, id, entry);
    for (const step of later) {
      const input = this.stepInput(p, step, false);
      const stepId = await this.deps.messagesRepo.insert({
        appId: app.id,
        msgType: step.msgType,
        status: S.WAITING_SCHEDULED,
        title: input.title,
        ownerId: actor.id,
        ownerEmail: actor.email,
        data: step.data,
        targetingType: TargetingType.EVERYONE,
        conditions: step.conditions,
        groupId: null,
        userIds: [],
        pushCount: 0,
        targetCount: 0,
        scheduleType: ScheduleType.NOW,
        scheduleLocal: null,
        scheduleAt: null,
        scheduleUtc: p.scheduleUtc,
        ttlSeconds: p.ttlSeconds,
        speedLimit: p.speedLimit,
        restrictType: p.restrictType,
        displayPrior: p.displayPrior,
        multiLangEnable: step.multiLangEnable,
        multiLangContent: step.multiLangEnable ? step.multiLangContent : [],
        materialId: null,
        parentMsgId: id,
      });
      await this.deps.repo.setStep(stepId, id, step);
    }
    const status = saved.status;
    await this.deps.repo.setStatus(id, status, [S.WAITING_SCHEDULED]);
    return { id, status };
  }

  async list(appId: number, q: JourneyListRequest) {
    const { ids, total } = await this.deps.repo.list(appId, q);
    const parents = (await Promise.all(ids.map((id) => this.deps.messagesRepo.find(appId, id)))).filter(
      (p): p is MessageRecord => p !== undefined,
    );
    const steps = await this.deps.repo.steps(ids);
    return { rows: parents.map((p) => this.withSteps(p, steps)), total };
  }

  async detail(appId: number, id: number) {
    const p = await this.parent(appId, id);
    return this.withSteps(p, await this.deps.repo.steps([id]));
  }

  private withSteps(p: MessageRecord, all: JourneyStepRecord[]) {
    const steps = all.filter((s) => s.parentMsgId === p.id);
    const def = this.definition(p);
    return { parent: { ...p, status: journeyStatus(p.status, steps) }, definition: def, steps };
  }

  /** Stops the whole journey: steps sending or waiting stop, steps waiting for their turn never enter. */
  async stop(appId: number, id: number): Promise<void> {
    const { parent, steps } = await this.detail(appId, id);
    if (DRAFT.includes(parent.status) || ENDED.includes(parent.status))
      throw new ApiError(parent.status === S.SENT ? ErrorCodes.ALREADY_SENT : ErrorCodes.JOURNEY_STATE);
    await this.deps.repo.setStatus(id, S.STOPPED, [
      S.WAITING,
      S.WAITING_SCHEDULED,
      S.WAITING_LOCAL,
      S.SENDING,
      S.PENDING_REVIEW,
      S.AWAITING_AUDIT,
    ]);
    for (const s of steps) {
      if (s.gated && !s.enteredAt) await this.deps.repo.setStatus(s.id, S.STOPPED, [S.WAITING_SCHEDULED]);
      else if (canStop(s.status)) await this.deps.actions.stop(appId, s.id).catch(() => undefined);
    }
  }

  /** delMessageJourney: before it is confirmed, or once it has ended. */
  async remove(appId: number, id: number): Promise<void> {
    const { parent, steps } = await this.detail(appId, id);
    if (!DRAFT.includes(parent.status) && !ENDED.includes(parent.status))
      throw new ApiError(ErrorCodes.JOURNEY_STATE);
    for (const s of steps) await this.deps.messagesRepo.softDelete(s.id);
    await this.deps.messagesRepo.softDelete(id);
  }

  /** The engine finished a message: when it is a journey's step, its followers are due after their wait. */
  async finished(messageId: number): Promise<void> {
    const step = await this.deps.repo.step(messageId);
    if (!step) return;
    const steps = await this.deps.repo.steps([step.parentMsgId]);
    const followers = steps.filter((s) => s.displayConditions?.from === step.groupTag && !s.enteredAt);
    if (followers.length === 0) return;
    const zone = await this.zoneOf(step.parentMsgId);
    for (const f of followers) {
      const due = waitEnd(f.displayConditions!.wait, step.finishedAt ?? this.now(), zone);
      await this.deps.repo.setDue(f.id, due);
      await this.deps.jobs.step(f.id, due);
    }
  }

  /** The zone of a journey's schedule: an `at HH:mm` wait is wall time there. */
  private async zoneOf(journeyId: number): Promise<string> {
    return (await this.deps.repo.zone(journeyId)) ?? '+0000';
  }

  /**
   * A step's transition (job journey-step, and the sweep): once its source has sent and its wait has ended, its
   * members are written and it is sent like any message. Idempotent: a step that entered only has its wave made sure
   * of; a step whose journey stopped, or whose source ended without sending, never enters.
   */
  async transition(stepId: number): Promise<'entered' | 'waiting' | 'stopped' | 'done'> {
    const step = await this.deps.repo.step(stepId);
    if (!step || !step.gated) return 'done';
    const app = await this.deps.appOf(step.appId);
    if (step.enteredAt) {
      // its wave was planned with its members: (re)queue it — a wave's job has a singleton key
      for (const w of await this.deps.repo.queuedWaves(step.id)) await this.deps.queueWave(w.id, w.runAt);
      return 'done';
    }
    if (step.status !== S.WAITING_SCHEDULED) return 'done';
    const steps = await this.deps.repo.steps([step.parentMsgId]);
    const source = steps.find((s) => s.groupTag === step.displayConditions!.from);
    const journeyStopped = (await this.deps.repo.statusOf(step.parentMsgId)) === S.STOPPED;
    if (!source || journeyStopped || (ENDED.includes(source.status) && !SENT.includes(source.status))) {
      await this.deps.repo.setStatus(step.id, S.STOPPED, [S.WAITING_SCHEDULED]);
      return 'stopped';
    }
    if (!SENT.includes(source.status)) return 'waiting';
    const due = waitEnd(
      step.displayConditions!.wait,
      source.finishedAt ?? this.now(),
      await this.zoneOf(step.parentMsgId),
    );
    if (due.getTime() > this.now().getTime()) {
      await this.deps.repo.setDue(step.id, due);
      return 'waiting';
    }
    // the residue takes what the other branches of its source left: it enters after them
    if (
      step.displayConditions!.outcome === 'residue' &&
      steps.some(
        (s) =>
          s.id !== step.id &&
          s.displayConditions?.from === step.displayConditions!.from &&
          s.displayConditions.outcome !== 'residue' &&
          !s.enteredAt &&
          s.status === S.WAITING_SCHEDULED,
      )
    )
      return 'waiting';
    const entered = await this.deps.transaction((tx) =>
      this.deps.repo.enter(tx, {
        id: step.id,
        appId: app.id,
        sourceId: source.id,
        outcome: step.displayConditions!.outcome,
        conditions: step.conditions,
      }),
    );
    // another transition (the job and the sweep may meet) took it first: its wave is queued by it
    if (!entered) return 'done';
    if (entered.members >= ANALYZE_AFTER)
      await this.deps.repo
        .analyzeMembers()
        .catch((err: unknown) => this.deps.log?.warn({ err }, 'ANALYZE failed'));
    await this.deps.queueWave(entered.waveId, this.now());
    return 'entered';
  }

  /** The sweep: every step waiting for its turn whose source has ended is moved on (or stopped) when due. */
  async sweep(): Promise<number> {
    // one sweep at a time in a process: a slow transition must not let the next tick start the same work
    if (this.sweeping) return 0;
    this.sweeping = true;
    try {
      return await this.sweepOnce();
    } finally {
      this.sweeping = false;
    }
  }

  private sweeping = false;

  private async sweepOnce(): Promise<number> {
    let moved = 0;
    for (const id of await this.deps.repo.waitingSteps()) {
      const r = await this.transition(id).catch((err: unknown) => {
        this.deps.log?.warn({ err, stepId: id }, 'journey step transition failed; the sweep retries');
        return 'waiting' as const;
      });
      if (r !== 'waiting') moved++;
    }
    return moved;
  }
}
