import {
  AB_ALPHA,
  AB_BANDIT,
  AB_ALPHA_EARLY,
  ErrorCodes,
  ProjectLevel,
  probabilityBest,
  variantsSignificance,
  type AbWinnerReason,
  type AbWinnerSettings,
} from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import type { AppRecord } from '../apps';
import { isArm } from '../messages';
import type { AbChildRecord, AbParentRecord, AbTestsRepository } from './ab-tests.repository';
import type { AbTestsService } from './ab-tests.service';
import { allFinished, HOUR_MS, lastStart, roundSeed, roundSpacingMs, variantsOf } from './ab-bandit-rounds';

/**
 * The instant an automatic test decides at the latest: its last arm's start + afterHours (a bandit test: + the
 * spacing of its rounds, once every round is planned); null before every start.
 */
export function decidesAt(
  parent: { winner: AbWinnerSettings | null; rounds: number },
  arms: readonly AbChildRecord[],
): Date | null {
  const { winner } = parent;
  const last = lastStart(arms);
  if (!winner || last === null) return null;
  if (winner.bandit && parent.rounds < AB_BANDIT.rounds) return null;
  return new Date(last + (winner.bandit ? roundSpacingMs(winner) : winner.afterHours * HOUR_MS));
}

/**
 * Whether an automatic test decides now, and for which arm (docs/ab-tests.md "The winner"). Only once every arm has
 * finished sending (a stopped or recalled arm leaves the choice to the operator). Before the deadline, with `early`,
 * an interim look: the best variant when it is significantly best at AB_ALPHA_EARLY after Holm's correction. At the
 * deadline: the significantly best at AB_ALPHA, else the best observed (the operator asked for a winner by then).
 * A bandit test, whose adaptive rounds make those tests unfit, decides on each variant's chance of being best, once
 * its last round has sent: the variant at AB_BANDIT.winnerProbability or more (before the deadline with `early`), or
 * at the deadline the most likely.
 */
export function decideWinner(
  parent: Pick<AbParentRecord, 'id' | 'winner' | 'abAllSent' | 'status' | 'rounds'>,
  arms: AbChildRecord[],
  now: Date,
): { msgId: number; reason: AbWinnerReason } | null {
  const { winner } = parent;
  if (!winner?.auto || parent.abAllSent) return null;
  const variants = variantsOf(arms);
  if (variants.length < 2) return null;
  if (!allFinished(arms)) return null;
  const deadline = decidesAt(parent, arms);
  if (!deadline) return null;
  const final = now.getTime() >= deadline.getTime();
  if (!final && !winner.early) return null;
  if (winner.bandit) {
    const chances = probabilityBest(variants, roundSeed(parent.id, AB_BANDIT.rounds));
    const top = chances.indexOf(Math.max(...chances));
    const sure = chances[top]! >= AB_BANDIT.winnerProbability;
    if (!sure && !final) return null;
    return { msgId: variants[top]!.first.id, reason: sure ? 'bandit' : 'deadline' };
  }
  const sig = variantsSignificance(variants, final ? AB_ALPHA : AB_ALPHA_EARLY);
  const variantOf = (tag: string | null) => variants.find((v) => v.tag === tag);
  if (sig.significant) return { msgId: variantOf(sig.leader)!.first.id, reason: 'significant' };
  if (!final) return null;
  // nothing dispatched in any arm: nothing was learned, the first variant goes
  return { msgId: (variantOf(sig.best) ?? variants[0]!).first.id, reason: 'deadline' };
}

/**
 * The workers' look at the automatic and bandit tests (every BEACON_AB_WINNER_SECONDS): each open test is read; a
 * bandit test gets its next round when its time has come; an automatic test that decides has its winner sent to the rest through the same "send to all" the operator uses — taken once in one statement
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
    const now = this.deps.now?.() ?? new Date();
    const { parent, children } = await service.detail(appId, id);
    const actor = {
      id: parent.ownerId ?? 0,
      email: parent.ownerEmail,
      // the arms' content passed its checks when the operator saved them (a manager may force a word under review)
      projectLevel: ProjectLevel.MANAGER,
    };
    // a bandit test's next round, when its time has come (the winner is decided after the last)
    if (parent.winner?.bandit && parent.rounds < AB_BANDIT.rounds) {
      if (await service.planRound(await this.deps.appOf(appId), id, actor, now))
        this.deps.log.info({ testId: id, round: parent.rounds }, 'bandit round planned');
      return false;
    }
    const decision = decideWinner(parent, children.filter(isArm), now);
    if (!decision) return false;
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
