import {
  canStop,
  checkJourneyEntry,
  waitsForReview,
  ErrorCodes,
  JOURNEY_TYPE,
  MessageStatus as S,
  ScheduleType,
  TargetingType,
  type Condition,
  type JourneyListRequest,
  type JourneySave,
  type JourneyStep,
  type MessageLang,
  contentCreatorOf,
} from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import type { AppRecord } from '../apps';
import type { JourneyDefinition, JourneysRepository, JourneyStepRecord } from './journeys.repository';
import { projectSteps } from './journeys.estimate';
import type { JourneyEntries } from './journey-entries.repository';
import { DRAFT, ENDED, IN_REVIEW, journeyStatus } from './journeys.status';
import {
  type MessageRecord,
  type MessagesRepositoryPort,
  type MessageWriterPort,
  type MessageActionsService,
  type OneMessage,
  type MessagesService,
} from '../messages';

/** What the service reads of its repository (the fast tests pass the in-memory one of src/test/memory). */
export type JourneysRepositoryPort = Pick<JourneysRepository, 'list' | 'steps' | 'rates'>;

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

/** A step's refusal names its field inside the step (`childMsgs.1.data.noti_title`); other errors pass. */
function inStep(err: unknown, i: number): unknown {
  if (!(err instanceof ApiError)) return err;
  const first = (err.data as { fields?: Array<{ field: string; message: string }> } | undefined)?.fields?.[0];
  return first ? fieldError(`childMsgs.${i}.${first.field}`, first.message) : err;
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
      repo: JourneysRepositoryPort;
      /** the steps are checked, counted and saved by the messages service */
      messages: Pick<MessagesService, 'checkContent' | 'checkConditions' | 'save' | 'estimate'>;
      messagesRepo: Pick<MessagesRepositoryPort, 'find'>;
      /** the messages' one writer (modules/messages) */
      writer: Pick<
        MessageWriterPort,
        | 'insert'
        | 'replace'
        | 'softDelete'
        | 'setStatus'
        | 'setJourneyDefinition'
        | 'withdrawJourney'
        | 'setJourneyStep'
        | 'setJourneyLive'
      >;
      actions: Pick<MessageActionsService, 'stop'>;
      jobs: JourneyJobs;
      /** journeys started by an event (absent in the in-memory fast tests: such a journey is refused there) */
      entries?: Pick<JourneyEntries, 'names' | 'listen' | 'forget' | 'counts'>;
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
      // a journey's steps hold nobody out of their own (the app's control group still applies)
      holdoutShare: 0,
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
      contentCreateType: step.contentCreateType ?? 0,
    };
  }

  private async parent(appId: number, id: number): Promise<MessageRecord> {
    const p = await this.deps.messagesRepo.find(appId, id);
    if (!p || p.msgType !== JOURNEY_TYPE) throw new ApiError(ErrorCodes.NOT_FOUND);
    return p;
  }

  private definition(p: MessageRecord): Definition {
    const d = p.data as Partial<Definition>;
    return {
      steps: d.steps ?? [],
      estimates: d.estimates ?? null,
      error: d.error ?? '',
      rev: d.rev ?? 0,
      entry: d.entry ?? { kind: 'audience' },
    };
  }

  /**
   * flowCanvasCreate: checks every step's content and the entry's audience and schedule as compose does (nothing
   * written on a refusal), saves the definition at status 19 and queues its estimate. An edit is allowed before the
   * journey is confirmed (18, 19, 20), and while it waits for review or was rejected by it (11, 12: see withdraw).
   */
  async save(app: AppRecord, j: JourneySave, actor: Actor): Promise<{ id: number; status: number }> {
    if (j.entry.kind === 'event') {
      if (!this.deps.entries) throw fieldError('entry.kind', 'is not available here');
      const [problem] = checkJourneyEntry(j.entry, await this.deps.entries.names(app.id));
      if (problem) throw fieldError(problem.field, problem.message);
    }
    for (const [i, step] of j.childMsgs.entries()) {
      await this.deps.messages
        .checkContent(app, this.stepInput(j, step, i === 0), actor.projectLevel)
        .catch((err: unknown) => {
          throw inStep(err, i);
        });
      // a later step's own conditions (the entry's are the journey's, checked with its audience)
      if (i > 0 && step.conditions.length > 0)
        await this.deps.messages.checkConditions(app.id, step.conditions).catch((err: unknown) => {
          throw inStep(err, i);
        });
    }
    const entry = j.childMsgs[0]!;
    await this.deps.messages.save(
      app,
      {
        ...this.stepInput(j, entry, true),
        ...(j.forceCreate ? { forceCreate: true } : {}),
        ...(j.countryMsgforceCreate ? { countryMsgforceCreate: true } : {}),
        ...(j.confirmIsGroup ? { confirmIsGroup: true } : {}),
      },
      actor,
      'message',
      { parentMsgId: 0, groupTag: entry.groupTag, groupPercent: 100, parentType: JOURNEY_TYPE },
      'check',
    );
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
    const existing = j.id ? await this.parent(app.id, j.id) : undefined;
    // a step's AI mark (contentCreateType) omitted by an edit is the one its step of that tag had, as msg/save keeps it
    const before = new Map(existing ? this.definition(existing).steps.map((s) => [s.groupTag, s]) : []);
    const steps = j.childMsgs.map((s) => ({
      ...s,
      id: undefined,
      contentCreateType: s.contentCreateType ?? contentCreatorOf(before.get(s.groupTag)),
    }));
    if (existing) {
      if (IN_REVIEW.includes(existing.status)) await this.withdraw(existing.id);
      else if (!DRAFT.includes(existing.status)) throw new ApiError(ErrorCodes.JOURNEY_STATE);
      rev = this.definition(existing).rev + 1;
      await this.deps.writer.replace(existing.id, {
        ...record,
        data: { steps, estimates: null, error: '', rev, entry: j.entry } satisfies Definition,
      });
      id = existing.id;
    } else {
      id = await this.deps.writer.insert({
        ...record,
        data: { steps, estimates: null, error: '', rev, entry: j.entry } satisfies Definition,
      });
    }
    await this.deps.jobs.estimate(id, app.id, rev);
    return { id, status: S.CANVAS_WAITING_COUNT };
  }

  /**
   * An edit of a journey waiting for review or rejected by it (canvas dialog mode 4, an author's fix): it leaves review
   * (11 / 12 → 19, so a run or reject racing it finds it no longer pending, and it finds a decided one no longer in
   * review) and its confirmed steps go, in the same statement: the confirm after the new estimate saves
   * them again, with review again when the confirmer needs it.
   */
  private async withdraw(id: number): Promise<void> {
    if (!(await this.deps.writer.withdrawJourney(id, S.CANVAS_WAITING_COUNT, IN_REVIEW)))
      throw new ApiError(ErrorCodes.JOURNEY_STATE);
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
      // the share of the app's devices each later step's own conditions keep (no history: no step is projected)
      const kept = def.steps.map(() => 1);
      if (rates.push > 0) {
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
          holdoutShare: 0,
        });
        for (const [i, step] of def.steps.entries()) {
          if (i === 0 || step.conditions.length === 0 || all.count <= 0) continue;
          const narrowed = await this.deps.messages.estimate(appId, {
            ...this.stepInput(p, step, false),
            targetingType: TargetingType.CONDITIONS,
            conditions: step.conditions,
            forecast: false,
          });
          kept[i] = Math.min(1, narrowed.count / all.count);
        }
      }
      const estimates = projectSteps(def.steps, count, rates, kept);
      await this.deps.writer.setJourneyDefinition(
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
      await this.deps.writer.setJourneyDefinition(
        journeyId,
        { ...def, estimates: null, error: reason },
        S.CANVAS_WAIT_ERROR,
        [S.CANVAS_WAITING_COUNT],
      );
    }
  }

  /** flowChartReCalculate: count again (18 or 20 → 19); 21028 while it is still being counted. */
  async reCalc(appId: number, id: number): Promise<{ id: number; status: number }> {
    const p = await this.parent(appId, id);
    const def = this.definition(p);
    const next = { ...def, estimates: null, error: '', rev: def.rev + 1 };
    if (
      !(await this.deps.writer.setJourneyDefinition(id, next, S.CANVAS_WAITING_COUNT, [
        S.CANVAS_WAITING_CONFIRM,
        S.CANVAS_WAIT_ERROR,
      ]))
    )
      // still being counted (19): the calculation is busy (21028); any other status does not count again (1060)
      throw new ApiError(
        p.status === S.CANVAS_WAITING_COUNT ? ErrorCodes.CALCULATION_BUSY : ErrorCodes.JOURNEY_STATE,
      );
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
    force: { forceCreate?: boolean; countryMsgforceCreate?: boolean; confirmIsGroup?: boolean },
  ): Promise<{ id: number; status: number }> {
    const p = await this.parent(app.id, id);
    // taken: a second confirm (another tab) finds it no longer at 18
    if (!(await this.deps.writer.setStatus(id, S.WAITING_SCHEDULED, [S.CANVAS_WAITING_CONFIRM])))
      throw new ApiError(ErrorCodes.JOURNEY_STATE);
    const def = this.definition(p);
    const [entry, ...later] = def.steps as [JourneyStep, ...JourneyStep[]];
    if (def.entry.kind === 'event' && this.deps.entries) {
      // every step live, then listening: each newly stored event of its name makes a device enter and a member of the
      // entry step; the feed sends each step to the devices whose turn came (journey-feed.repository.ts)
      // an app whose messages need review: every step held at 11 until the journey passes (reviews: release)
      const held = waitsForReview(app, actor.projectLevel);
      for (const step of def.steps) {
        const stepId = await this.insertStep(app, p, step, actor, step === entry ? [] : step.conditions);
        await this.deps.writer.setJourneyStep(stepId, id, step);
        await this.deps.writer.setJourneyLive(stepId, held);
      }
      // the names of this confirm only (an edit after a rejection may have changed them); they act while it runs
      await this.deps.entries.forget(id);
      await this.deps.entries.listen(id, app.id, def.entry);
      const status = held ? S.PENDING_REVIEW : S.SENDING;
      await this.deps.writer.setStatus(id, status, [S.WAITING_SCHEDULED]);
      return { id, status };
    }
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
      await this.deps.writer.setStatus(id, S.CANVAS_WAITING_CONFIRM, [S.WAITING_SCHEDULED]);
      throw err;
    }
    await this.deps.writer.setJourneyStep(saved.id, id, entry);
    for (const step of later) {
      const stepId = await this.insertStep(app, p, step, actor, step.conditions);
      await this.deps.writer.setJourneyStep(stepId, id, step);
    }
    const status = saved.status;
    await this.deps.writer.setStatus(id, status, [S.WAITING_SCHEDULED]);
    return { id, status };
  }

  /** A step's message row, waiting for its turn (a later step's, or any step of an event journey before it is live). */
  private async insertStep(
    app: AppRecord,
    p: MessageRecord,
    step: JourneyStep,
    actor: Actor,
    conditions: Condition[],
  ): Promise<number> {
    const input = this.stepInput(p, step, false);
    return this.deps.writer.insert({
      appId: app.id,
      msgType: step.msgType,
      status: S.WAITING_SCHEDULED,
      title: input.title,
      ownerId: actor.id,
      ownerEmail: actor.email,
      data: step.data,
      targetingType: TargetingType.EVERYONE,
      conditions,
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
      parentMsgId: p.id,
      contentCreateType: step.contentCreateType ?? 0,
    });
  }

  /** Review asks: is this journey started by an event (reviewed as a whole)? */
  async isEventJourney(appId: number, id: number): Promise<boolean> {
    const p = await this.deps.messagesRepo.find(appId, id);
    return p !== undefined && p.msgType === JOURNEY_TYPE && this.definition(p).entry.kind === 'event';
  }

  /** An event-started journey passed review: its held steps send to the devices that enter from now. */
  async release(appId: number, id: number): Promise<void> {
    for (const s of await this.deps.repo.steps([id]))
      if (s.appId === appId) await this.deps.writer.setStatus(s.id, S.SENDING, [S.PENDING_REVIEW]);
  }

  async list(appId: number, q: JourneyListRequest) {
    const { ids, total } = await this.deps.repo.list(appId, q);
    const parents = (await Promise.all(ids.map((id) => this.deps.messagesRepo.find(appId, id)))).filter(
      (p): p is MessageRecord => p !== undefined,
    );
    const steps = await this.deps.repo.steps(ids);
    const counts =
      (await this.deps.entries?.counts(ids)) ?? new Map<number, { entries: number; exits: number }>();
    return { rows: parents.map((p) => this.withSteps(p, steps, counts.get(p.id))), total };
  }

  async detail(appId: number, id: number) {
    const p = await this.parent(appId, id);
    const counts = (await this.deps.entries?.counts([id]))?.get(id);
    return this.withSteps(p, await this.deps.repo.steps([id]), counts);
  }

  private withSteps(p: MessageRecord, all: JourneyStepRecord[], counts?: { entries: number; exits: number }) {
    const steps = all.filter((s) => s.parentMsgId === p.id);
    const def = this.definition(p);
    // an event-started journey runs (4) from its confirm until stopped, whatever its steps do
    const status = def.entry.kind === 'event' ? p.status : journeyStatus(p.status, steps);
    return { parent: { ...p, status }, definition: def, steps, counts: counts ?? { entries: 0, exits: 0 } };
  }

  /** Stops the whole journey: steps sending or waiting stop, steps waiting for their turn never enter. */
  async stop(appId: number, id: number): Promise<void> {
    const { parent, steps } = await this.detail(appId, id);
    if (DRAFT.includes(parent.status) || ENDED.includes(parent.status))
      throw new ApiError(parent.status === S.SENT ? ErrorCodes.ALREADY_SENT : ErrorCodes.JOURNEY_STATE);
    await this.deps.writer.setStatus(id, S.STOPPED, [
      S.WAITING,
      S.WAITING_SCHEDULED,
      S.WAITING_LOCAL,
      S.SENDING,
      S.PENDING_REVIEW,
      S.AWAITING_AUDIT,
    ]);
    await this.deps.entries?.forget(id);
    for (const s of steps) {
      if (s.gated && !s.enteredAt) await this.deps.writer.setStatus(s.id, S.STOPPED, [S.WAITING_SCHEDULED]);
      else if (canStop(s.status)) await this.deps.actions.stop(appId, s.id).catch(() => undefined);
    }
  }

  /** delMessageJourney: before it is confirmed, or once it has ended. */
  async remove(appId: number, id: number): Promise<void> {
    const { parent, steps } = await this.detail(appId, id);
    if (!DRAFT.includes(parent.status) && !ENDED.includes(parent.status))
      throw new ApiError(ErrorCodes.JOURNEY_STATE);
    for (const s of steps) await this.deps.writer.softDelete(s.id);
    await this.deps.writer.softDelete(id);
  }
}
