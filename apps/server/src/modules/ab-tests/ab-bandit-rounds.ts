import {
  AB_BANDIT,
  AB_TAGS,
  allocateBuckets,
  MessageStatus as S,
  probabilityBest,
  roundStart,
  type AbWinnerSettings,
} from '@beacon/shared';
import type { AbChildRecord } from './ab-tests.repository';

export const HOUR_MS = 3_600_000;
const FINISHED: ReadonlySet<number> = new Set([S.SENT, S.SENT_ALT]);

/** Whether every arm has finished sending (a stopped or recalled one has not: the choice is the operator's then). */
export const allFinished = (arms: readonly AbChildRecord[]) => arms.every((c) => FINISHED.has(c.status));

/** When the last arm started (ms); null while one has not. */
export function lastStart(arms: readonly AbChildRecord[]): number | null {
  if (arms.length === 0 || arms.some((c) => !c.startedAt)) return null;
  return Math.max(...arms.map((c) => new Date(c.startedAt!).getTime()));
}

/** A variant of a test: its tag, its first child (content, nominal share) and its counts over every round. */
export interface Variant {
  tag: string;
  first: AbChildRecord;
  children: AbChildRecord[];
  dispatched: number;
  reach: number;
  show: number;
  click: number;
}

/** The arms grouped by variant (a bandit test has one child per variant and round), in tag order. */
export function variantsOf(arms: readonly AbChildRecord[]): Variant[] {
  return AB_TAGS.flatMap((tag) => {
    const children = arms.filter((c) => c.groupTag === tag).sort((a, b) => a.round - b.round || a.id - b.id);
    const first = children[0];
    if (!first) return [];
    const sum = (f: (c: AbChildRecord) => number) => children.reduce((n, c) => n + f(c), 0);
    return [
      {
        tag,
        first,
        children,
        dispatched: sum((c) => c.dispatchCount),
        reach: sum((c) => c.reachCount),
        show: sum((c) => c.showCount),
        click: sum((c) => c.clickCount),
      },
    ];
  });
}

/** The hours between a bandit test's rounds: its afterHours shared by the rounds. */
export const roundSpacingMs = (winner: AbWinnerSettings) => (winner.afterHours * HOUR_MS) / AB_BANDIT.rounds;

/** The seed of a round's draws: the same test and round draw the same (a round planned again is the same round). */
export const roundSeed = (testId: number, round: number) => (testId * 31 + round) >>> 0;

/**
 * The next round of a bandit test, when its time has come: every variant's children sent, the spacing past since the
 * last started; its slices (one run of buckets per variant that gets any, in tag order) across the round's quarter of
 * the variants' buckets, split by each variant's chance of being best. Null when it is not time, or no round is left.
 */
export function nextRound(
  parent: { id: number; winner: AbWinnerSettings | null; abAllSent: boolean; rounds: number },
  arms: readonly AbChildRecord[],
  now: Date,
): {
  round: number;
  chances: number[];
  slices: Array<{ arm: AbChildRecord; from: number; to: number }>;
} | null {
  const { winner } = parent;
  if (!winner?.bandit || parent.abAllSent || parent.rounds >= AB_BANDIT.rounds) return null;
  const last = lastStart(arms);
  if (last === null || !allFinished(arms) || now.getTime() < last + roundSpacingMs(winner)) return null;
  const variants = variantsOf(arms);
  const round = parent.rounds;
  // the variants' buckets: the nominal share of each (its first child's) times their number
  const region = variants.length * Math.round(variants[0]!.first.groupPercent * 100);
  const from = roundStart(region, round);
  const to = roundStart(region, round + 1);
  const chances = probabilityBest(variants, roundSeed(parent.id, round));
  const counts = allocateBuckets(to - from, chances);
  let at = from;
  const slices = variants.flatMap((v, i) => {
    const n = counts[i]!;
    const slice = { arm: v.first, from: at, to: at + n };
    at += n;
    return n > 0 ? [slice] : [];
  });
  return { round, chances, slices };
}
