import {
  AB_ALPHA,
  AB_ALPHA_EARLY,
  ErrorCodes,
  MessageStatus as S,
  ProjectLevel,
  variantsSignificance,
  type AbWinnerReason,
  type AbWinnerSettings,
} from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import type { AppRecord } from '../apps';
import { isArm } from '../messages';
import type { AbChildRecord, AbParentRecord, AbTestsRepository } from './ab-tests.repository';
import type { AbTestsService } from './ab-tests.service';

const HOUR_MS = 3_600_000;
const FINISHED: ReadonlySet<number> = new Set([S.SENT, S.SENT_ALT]);

/** The instant an automatic test decides at the latest: its last arm's start + afterHours; null before every start. */
export function decidesAt(winner: AbWinnerSettings | null, arms: AbChildRecord[]): Date | null {
  if (!winner || arms.length === 0 || arms.some((c) => !c.startedAt)) return null;
  const last = Math.max(...arms.map((c) => new Date(c.startedAt!).getTime()));
  return new Date(last + winner.afterHours * HOUR_MS);
}

/**
 * Whether an automatic test decides now, and for which arm (docs/ab-tests.md "The winner"). Only once every arm has
 * finished sending (a stopped or recalled arm leaves the choice to the operator). Before the deadline, with `early`,
 * an interim look: the best variant when it is significantly best at AB_ALPHA_EARLY after Holm's correction. At the
 * deadline: the significantly best at AB_ALPHA, else the best observed (the operator asked for a winner by then).
 */
export function decideWinner(
  parent: Pick<AbParentRecord, 'winner' | 'abAllSent' | 'status'>,
  arms: AbChildRecord[],
  now: Date,
): { msgId: number; reason: AbWinnerReason } | null {
  const { winner } = parent;
  if (!winner?.auto || parent.abAllSent || arms.length < 2) return null;
  if (arms.some((c) => !FINISHED.has(c.status))) return null;
  const deadline = decidesAt(winner, arms);
  if (!deadline) return null;
  const final = now.getTime() >= deadline.getTime();
  if (!final && !winner.early) return null;
  const sig = variantsSignificance(
    arms.map((c) => ({
      tag: c.groupTag,
      dispatched: c.dispatchCount,
      reach: c.reachCount,
      show: c.showCount,
      click: c.clickCount,
    })),
    final ? AB_ALPHA : AB_ALPHA_EARLY,
  );
  const armOf = (tag: string | null) => arms.find((c) => c.groupTag === tag);
  if (sig.significant) return { msgId: armOf(sig.leader)!.id, reason: 'significant' };
  if (!final) return null;
  // nothing dispatched in any arm: nothing was learned, the first variant goes
  return { msgId: (armOf(sig.best) ?? arms[0]!).id, reason: 'deadline' };
}

/**
 * The workers' look at the automatic tests (every BEACON_AB_WINNER_SECONDS): each open test is read and, when it
 * decides, its winner sent to the rest through the same "send to all" the operator uses — taken once in one statement
 * (message-writer takeSendToAll), so two workers, or a worker and the operator, never send twice.
 */
export class AbWinnerRunner {
  constructor(
    private readonly deps: {
      repo: Pick<AbTestsRepository, 'openAuto'>;
      service: AbTestsService;
      appOf: (appId: number) => Promise<AppRecord>;
      log: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
      now?: () => Date;
    },
  ) {}

  /** Decides what can be decided; the number of winners sent. */
  async sweep(): Promise<number> {
    let sent = 0;
    for (const t of await this.deps.repo.openAuto()) {
      try {
        if (await this.decide(t.appId, t.id)) sent++;
      } catch (err) {
        this.deps.log.warn({ err, msgId: t.id }, 'automatic A/B winner not sent; the next look retries');
      }
    }
    return sent;
  }

  async decide(appId: number, id: number): Promise<boolean> {
    const { service } = this.deps;
    const { parent, children } = await service.detail(appId, id);
    const decision = decideWinner(parent, children.filter(isArm), this.deps.now?.() ?? new Date());
    if (!decision) return false;
    const actor = {
      id: parent.ownerId ?? 0,
      email: parent.ownerEmail,
      // the arms' content passed its checks when the operator saved them (a manager may force a word under review)
      projectLevel: ProjectLevel.MANAGER,
    };
    try {
      await service.sendToAll(await this.deps.appOf(appId), id, decision.msgId, actor, decision.reason);
    } catch (err) {
      // the operator (or another worker) took it first
      if (err instanceof ApiError && err.code === ErrorCodes.AB_NOT_ALLOWED) return false;
      throw err;
    }
    this.deps.log.info(
      { testId: id, armId: decision.msgId, reason: decision.reason },
      'automatic A/B winner sent to the rest',
    );
    return true;
  }
}
