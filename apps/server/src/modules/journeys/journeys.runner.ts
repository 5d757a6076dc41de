import { MessageStatus as S, waitEnd, type Condition, type JourneyOutcome } from '@beacon/shared';
import type { Queryable } from '../../db/client';
import type { MessageWriter } from '../messages';
import type { JourneyFeed } from './journey-feed.repository';
import type { JourneysRepository, JourneyStepRecord } from './journeys.repository';
import { ENDED, SENT } from './journeys.status';
import type { JourneyJobs } from './journeys.service';

/**
 * The transition of a waiting step, in the caller's transaction: locks the step; when it has not entered, writes its
 * members (the source step's dispatched devices with the outcome's events and the step's conditions, each device at
 * most once per source), records the step's audience and state (the messages' writer) and plans its one wave (send
 * now). Returns the members and the wave to queue, or undefined when it had entered before (a repeated job or a
 * sweep that met the job).
 */
export async function enterStep(
  tx: Queryable,
  deps: { repo: JourneysRepository; writer: MessageWriter },
  step: { id: number; appId: number; sourceId: number; outcome: JourneyOutcome; conditions: Condition[] },
): Promise<{ members: number; waveId: number } | undefined> {
  if (!(await deps.repo.lockUnentered(tx, step.id))) return undefined;
  await deps.repo.addMembers(tx, step);
  const members = await deps.writer.enterJourneyStep(tx, step.id);
  return { members, waveId: await deps.repo.planWave(tx, step.id) };
}

/** Members from which a transition refreshes the members' planner statistics before the step sends. */
const ANALYZE_AFTER = 10_000;

/**
 * A confirmed journey's execution (docs/journeys.md "Execution"): when a step has sent, its followers are due after
 * their wait (a job at that instant); a follower's transition writes its members from the source's send records and
 * events and plans its one wave, exactly once; the sweep catches what a crash or a lost job left.
 */
export class JourneyRunner {
  private readonly now: () => Date;
  private sweeping = false;
  private feeding = false;

  constructor(
    private readonly deps: {
      repo: JourneysRepository;
      /** the messages' one writer (modules/messages) */
      writer: MessageWriter;
      jobs: Pick<JourneyJobs, 'step'>;
      transaction: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;
      /** queues a planned wave's job with the delivery engine (singleton per wave) */
      queueWave: (waveId: number, runAt: Date) => Promise<void>;
      now?: () => Date;
      log?: { warn(obj: object, msg?: string): void };
      /** event-started journeys' live steps (absent in the in-memory fast tests) */
      feed?: JourneyFeed;
    },
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  /** A message as a journey's step, with every step of its journey (one read); no step for other messages. */
  private async stepOf(id: number): Promise<{ step?: JourneyStepRecord; steps: JourneyStepRecord[] }> {
    const steps = await this.deps.repo.journeyStepsOf(id);
    const step = steps.find((s) => s.id === id);
    return step ? { step, steps } : { steps };
  }

  /** The engine finished a message: when it is a journey's step, its followers are due after their wait. */
  async finished(messageId: number): Promise<void> {
    const { step, steps } = await this.stepOf(messageId);
    if (!step) return;
    const followers = steps.filter((s) => s.displayConditions?.from === step.groupTag && !s.enteredAt);
    if (followers.length === 0) return;
    const zone = await this.zoneOf(step.parentMsgId);
    for (const f of followers) {
      const due = waitEnd(f.displayConditions!.wait, step.finishedAt ?? this.now(), zone);
      await this.deps.writer.setJourneyDue(f.id, due);
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
    const { step, steps } = await this.stepOf(stepId);
    if (!step || !step.gated) return 'done';
    if (step.enteredAt) {
      // its wave was planned with its members: (re)queue it — a wave's job has a singleton key
      for (const w of await this.deps.repo.queuedWaves(step.id)) await this.deps.queueWave(w.id, w.runAt);
      return 'done';
    }
    if (step.status !== S.WAITING_SCHEDULED) return 'done';
    const source = steps.find((s) => s.groupTag === step.displayConditions!.from);
    const journeyStopped = (await this.deps.repo.statusOf(step.parentMsgId)) === S.STOPPED;
    if (!source || journeyStopped || (ENDED.includes(source.status) && !SENT.includes(source.status))) {
      await this.deps.writer.setStatus(step.id, S.STOPPED, [S.WAITING_SCHEDULED]);
      return 'stopped';
    }
    if (!SENT.includes(source.status)) return 'waiting';
    const due = waitEnd(
      step.displayConditions!.wait,
      source.finishedAt ?? this.now(),
      await this.zoneOf(step.parentMsgId),
    );
    if (due.getTime() > this.now().getTime()) {
      await this.deps.writer.setJourneyDue(step.id, due);
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
      enterStep(tx, this.deps, {
        id: step.id,
        appId: step.appId,
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

  /**
   * The feed of event-started journeys (journey-feed.repository.ts): each live step of a running journey gets the
   * devices whose turn came since its last feed and a wave for them, queued here; waves a crash left are queued
   * again. The entry step first, a residue after the other branches of its source. Returns the waves queued.
   */
  async feedLive(): Promise<number> {
    const feed = this.deps.feed;
    if (!feed || this.feeding) return 0;
    this.feeding = true;
    try {
      const steps = await feed.liveSteps();
      const rank = (s: (typeof steps)[number]) => (!s.branch ? 0 : s.branch.outcome === 'residue' ? 2 : 1);
      let waves = 0;
      for (const journeyId of new Set(steps.map((s) => s.journeyId))) {
        const group = steps.filter((s) => s.journeyId === journeyId);
        for (const step of [...group].sort((a, b) => rank(a) - rank(b) || a.id - b.id)) {
          const waveId = await this.deps
            .transaction((tx) => feed.feed(tx, step, group))
            .catch((err: unknown) => {
              this.deps.log?.warn(
                { err, stepId: step.id },
                'journey step feed failed; the next feed retries',
              );
              return undefined;
            });
          if (waveId === undefined) continue;
          await this.deps.queueWave(waveId, this.now());
          waves++;
        }
      }
      for (const w of await feed.strandedWaves()) await this.deps.queueWave(w.id, w.runAt);
      return waves;
    } finally {
      this.feeding = false;
    }
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
