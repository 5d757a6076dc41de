import {
  ErrorCodes,
  isFileTargeting,
  MESSAGE_LIMITS,
  MessageStatus as S,
  MessageType,
  REVIEW_MESSAGE_TYPES,
  ScheduleType,
  type MessageLang,
  type ReviewApprove,
  type ReviewItem,
  type ReviewListRequest,
  type ReviewReject,
  targetsAudiencePackage,
} from '@beacon/shared';
import { scheduleInstant, wallClockUtc } from '../../delivery/engine';
import { ApiError, fieldError } from '../../lib/api-error';
import type { AuditEntry } from '../../platform/audit-log';
import type { ReviewNoticeMessage, ReviewNotices } from '../../platform/review-notices';
import type { AppRecord } from '../apps';
import { labelsOf } from '../messages';
import type { ReviewChange, ReviewRecord, ReviewsRepository } from './reviews.repository';

/** What the service uses of its repository (the fast tests pass the in-memory one of src/test/memory). */
export type ReviewsRepositoryPort = Pick<
  ReviewsRepository,
  'list' | 'find' | 'arms' | 'journeyEntries' | 'decide' | 'reopen'
>;

/** Who decides: the signed-in reviewer and the language of the request (the author's mail). */
export interface Reviewer {
  id: number;
  email: string;
  lang: MessageLang;
}

/** The schedule a run gives a message: as saved, or now when its time had passed and the reviewer said send now. */
export interface RunSchedule {
  type: number;
  local: string | null;
  at: Date | null;
  zone: string;
}

const DAY_MS = 24 * 3600 * 1000;

/** Whether a message's schedule has gone by at `now`: a set time before it, a local time past in every zone. */
export function schedulePassed(
  m: Pick<ReviewRecord, 'scheduleType' | 'scheduleLocal' | 'scheduleAt' | 'scheduleUtc'>,
  now: number,
): boolean {
  if (m.scheduleType === ScheduleType.NOW || !m.scheduleLocal) return false;
  if (m.scheduleType === ScheduleType.AT_TIME) {
    const at = m.scheduleAt ? new Date(m.scheduleAt) : scheduleInstant(m.scheduleLocal, m.scheduleUtc);
    return at.getTime() <= now;
  }
  // the latest zone (UTC−12) reaches the wall-clock time 12 h after UTC does (as the save's own check)
  return wallClockUtc(m.scheduleLocal) + MESSAGE_LIMITS.localTimeWindowMs < now;
}

/** The waiting status of a schedule type, as a save that needs no review gives it. */
function waitingStatus(type: number): number {
  return type === ScheduleType.NOW || type === ScheduleType.BEST_HOUR
    ? S.WAITING
    : type === ScheduleType.AT_TIME
      ? S.WAITING_SCHEDULED
      : S.WAITING_LOCAL;
}

/**
 * Message review (issue 14 item 3, docs/review.md): the review list, and the two decisions on a message waiting at
 * status 11 (an A/B test decided as one, with its two arms). A run moves it to the status its save would have given
 * it (0, 2, 7) and schedules it through the messages service exactly as that save would have; a reject moves it to
 * 12 with the reason. Each decision is audited in its transaction and mailed to the author (never failing on mail).
 */
/** What review asks of event-started journeys (modules/journeys). */
export interface JourneyReviewPort {
  isEventJourney(appId: number, id: number): Promise<boolean>;
  /** the journey passed review: its held steps send */
  release(appId: number, id: number): Promise<void>;
}

export class ReviewsService {
  private readonly now: () => Date;

  constructor(
    private readonly deps: {
      repo: ReviewsRepositoryPort;
      /** the messages service's scheduling of a message that passed review */
      messages: {
        startReviewed(
          id: number,
          schedule: { type: number; local: string | null; zone: string },
        ): Promise<void>;
      };
      /** the author's mail of a decision (never awaited: a decision does not wait on mail) */
      notices: Pick<ReviewNotices, 'passed' | 'rejected'>;
      /**
       * Event-started journeys (modules/journeys): reviewed as a whole — the journey itself is the subject, and a run
       * makes its held live steps send (absent in the in-memory fast tests, which have no such journey).
       */
      journeys?: JourneyReviewPort;
      now?: () => Date;
    },
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  async list(appId: number, q: ReviewListRequest): Promise<{ results: ReviewItem[]; total: number }> {
    const { rows, total } = await this.deps.repo.list(appId, {
      status: q.status,
      msgId: q.msgId,
      ownerEmail: q.ownerEmail,
      title: q.title,
      // the creation dates as days of the zone asked: [begin 00:00, end + 1 day 00:00)
      from: q.begin ? scheduleInstant(`${q.begin} 00:00:00`, q.tz) : undefined,
      to: q.end ? new Date(scheduleInstant(`${q.end} 00:00:00`, q.tz).getTime() + DAY_MS) : undefined,
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    });
    const arms = await this.deps.repo.arms(
      rows.filter((r) => r.msgType === MessageType.AB_TEST).map((r) => r.id),
    );
    const now = this.now().getTime();
    return {
      results: rows.map((r) => {
        const own = arms.filter((a) => a.parentMsgId === r.id);
        // an A/B test's schedule is its arms': arm A's shown, passed when either arm's has
        const shown = own[0] ?? r;
        const passed = (own.length > 0 ? own : [r]).some((m) => schedulePassed(m, now));
        return {
          msgType: r.msgType,
          msgId: r.id,
          id: r.id,
          title: r.title,
          ownerEmail: r.ownerEmail,
          status: r.status,
          appGroupId: r.appGroupId,
          appGroupParentMsgId: r.appGroupParentId,
          materialId: r.materialId,
          scheduleType: shown.scheduleType,
          scheduleDate: shown.scheduleType === ScheduleType.NOW ? null : shown.scheduleLocal,
          scheduleUTC: shown.scheduleUtc,
          schedulePassed: passed,
          file: isFileTargeting(r.targetingType),
          audiencePackage: targetsAudiencePackage(labelsOf(r.targetLabels)),
          rejectReason: r.rejectReason,
          createTime: new Date(r.createdAt).toISOString(),
        };
      }),
      total,
    };
  }

  /**
   * The message a decision is about, and the messages it changes: the message itself, or an A/B test's two arms.
   * An arm is decided with its test only; `isAB` must say what the message is.
   */
  private async target(
    appId: number,
    msgId: number,
    isAB: boolean,
  ): Promise<{ m: ReviewRecord; subjects: ReviewRecord[] }> {
    const m = await this.deps.repo.find(appId, msgId);
    if (!m || !(REVIEW_MESSAGE_TYPES as readonly number[]).includes(m.msgType))
      throw new ApiError(ErrorCodes.NOT_FOUND);
    if (m.parentMsgId !== null) throw new ApiError(ErrorCodes.AB_NOT_ALLOWED);
    const ab = m.msgType === MessageType.AB_TEST;
    if (isAB !== ab)
      throw fieldError(
        'isAB',
        ab ? 'must be true for an A/B test' : 'must be false: the message is not an A/B test',
      );
    // an event-started journey has no entry step of its own to schedule: the journey is what a decision changes
    if (m.msgType === MessageType.CANVAS && (await this.deps.journeys?.isEventJourney(appId, m.id)))
      return { m, subjects: [m] };
    if (m.msgType === MessageType.CANVAS) return { m, subjects: await this.deps.repo.journeyEntries([m.id]) };
    return { m, subjects: ab ? await this.deps.repo.arms([m.id]) : [m] };
  }

  /** Whether the message and everything the decision changes wait for review (an A/B test: both arms). */
  private pending(m: ReviewRecord, subjects: ReviewRecord[]): boolean {
    return (
      m.status === S.PENDING_REVIEW &&
      subjects.length === (m.msgType === MessageType.AB_TEST ? 2 : 1) &&
      subjects.every((s) => s.status === S.PENDING_REVIEW)
    );
  }

  /** The schedule a run gives `m`: SCHEDULE_PASSED when its time has gone, unless `sendNow` (then: now). */
  private runSchedule(m: ReviewRecord, sendNow: boolean, now: Date): RunSchedule {
    // best hour: planned when it passes, over the next 24 hours from then
    if (m.scheduleType === ScheduleType.BEST_HOUR)
      return { type: ScheduleType.BEST_HOUR, local: null, at: null, zone: m.scheduleUtc };
    if (m.scheduleType === ScheduleType.NOW || !m.scheduleLocal)
      return { type: ScheduleType.NOW, local: null, at: null, zone: m.scheduleUtc };
    if (schedulePassed(m, now.getTime())) {
      if (!sendNow) throw new ApiError(ErrorCodes.SCHEDULE_PASSED);
      return { type: ScheduleType.NOW, local: null, at: null, zone: m.scheduleUtc };
    }
    return {
      type: m.scheduleType,
      local: m.scheduleLocal,
      at: m.scheduleAt ? new Date(m.scheduleAt) : null,
      zone: m.scheduleUtc,
    };
  }

  private auditEntry(
    app: AppRecord,
    m: ReviewRecord,
    action: 'approve' | 'reject',
    reviewer: Reviewer,
    newValue: Record<string, unknown>,
  ): AuditEntry {
    return {
      actor: { id: reviewer.id, email: reviewer.email },
      area: 'message-review',
      action,
      target: `app ${app.id} ${m.msgType === MessageType.AB_TEST ? 'A/B test' : m.msgType === MessageType.CANVAS ? 'journey' : 'message'} ${m.id}`,
      oldValue: { status: m.status, title: m.title, ownerEmail: m.ownerEmail },
      newValue,
    };
  }

  private notice(app: AppRecord, m: ReviewRecord): ReviewNoticeMessage {
    return { appId: app.id, appTitle: app.title, id: m.id, msgType: m.msgType, title: m.title };
  }

  /**
   * setReviewPass: schedules the message (an A/B test: both arms) as its save would have, from status 11 to 0, 2
   * or 7; SCHEDULE_PASSED when a schedule has gone by (nothing changes) unless `sendNow`, which sends it now.
   */
  async approve(
    app: AppRecord,
    body: ReviewApprove,
    reviewer: Reviewer,
  ): Promise<{ msgId: number; status: number }> {
    const { m, subjects } = await this.target(app.id, body.msgId, body.isAB);
    if (!this.pending(m, subjects)) throw new ApiError(ErrorCodes.REVIEW_NOT_PENDING);
    if (m.msgType === MessageType.CANVAS && subjects[0] === m && this.deps.journeys) {
      // an event-started journey runs from the decision: its steps, held at 11, send to the devices that enter
      const audit = this.auditEntry(app, m, 'approve', reviewer, { status: S.SENDING });
      if (!(await this.deps.repo.decide([{ id: m.id, status: S.SENDING }], '', audit)))
        throw new ApiError(ErrorCodes.REVIEW_NOT_PENDING);
      await this.deps.journeys.release(app.id, m.id);
      void this.deps.notices.passed(this.notice(app, m), m.ownerEmail, reviewer.email, reviewer.lang);
      return { msgId: m.id, status: S.SENDING };
    }
    const now = this.now();
    // every schedule first: a passed one refuses the whole run before anything is written
    const runs = subjects.map((s) => ({ s, schedule: this.runSchedule(s, body.sendNow, now) }));
    const changes: ReviewChange[] = runs.map(({ s, schedule }) => ({
      id: s.id,
      status: waitingStatus(schedule.type),
      ...(schedule.type !== s.scheduleType ? { schedule } : {}),
    }));
    // an A/B test shows the status of its arm A (ab-arms combinedStatus: arms that have not started)
    const status = changes[0]!.status;
    // an A/B test or a journey (a parent) shows the status of its first child
    if (m.msgType === MessageType.AB_TEST || m.msgType === MessageType.CANVAS)
      changes.push({ id: m.id, status });
    const audit = this.auditEntry(app, m, 'approve', reviewer, {
      status,
      sendNow: runs.some((r) => r.schedule.type !== r.s.scheduleType),
      ...(m.msgType === MessageType.AB_TEST ? { arms: changes.slice(0, -1).map((c) => c.id) } : {}),
    });
    if (!(await this.deps.repo.decide(changes, '', audit))) throw new ApiError(ErrorCodes.REVIEW_NOT_PENDING);
    try {
      for (const { s, schedule } of runs) await this.deps.messages.startReviewed(s.id, schedule);
    } catch (err) {
      // not scheduled (a user group deleted meanwhile, the database): back to review, nothing half-sent
      await this.deps.repo.reopen(changes).catch(() => undefined);
      throw err;
    }
    void this.deps.notices.passed(this.notice(app, m), m.ownerEmail, reviewer.email, reviewer.lang);
    return { msgId: m.id, status };
  }

  /** setReviewFail: status 11 → 12 with the reason (an A/B test: its arms too); the author reads it and is mailed. */
  async reject(
    app: AppRecord,
    body: ReviewReject,
    reviewer: Reviewer,
  ): Promise<{ msgId: number; status: number }> {
    const { m, subjects } = await this.target(app.id, body.msgId, body.isAB);
    if (!this.pending(m, subjects)) throw new ApiError(ErrorCodes.REJECTION_NOT_ALLOWED);
    const changes: ReviewChange[] = [...subjects, ...(subjects.includes(m) ? [] : [m])].map((s) => ({
      id: s.id,
      status: S.REVIEW_REJECTED,
    }));
    const audit = this.auditEntry(app, m, 'reject', reviewer, {
      status: S.REVIEW_REJECTED,
      reason: body.reason,
    });
    if (!(await this.deps.repo.decide(changes, body.reason, audit)))
      throw new ApiError(ErrorCodes.REJECTION_NOT_ALLOWED);
    void this.deps.notices.rejected(
      this.notice(app, m),
      m.ownerEmail,
      reviewer.email,
      body.reason,
      reviewer.lang,
    );
    return { msgId: m.id, status: S.REVIEW_REJECTED };
  }
}
