import {
  AB_BANDIT,
  AB_WINNER_LIMITS,
  probabilityBest,
  targetsAudiencePackage,
  variantsSignificance,
  type AbArmRow,
  type AbTestRow,
  type MultiLangEntry,
} from '@beacon/shared';
import { labelsOf, isArm, parentSettings } from '../messages';
import type { AbChildRecord, AbParentRecord } from './ab-tests.repository';
import { decidesAt } from './ab-winner';
import { roundSeed, variantsOf } from './ab-bandit-rounds';

function toArm(c: AbChildRecord): AbArmRow {
  return {
    msgId: c.id,
    groupTag: c.groupTag,
    groupPercent: c.groupPercent,
    msgType: c.msgType,
    status: c.status,
    scheduleType: c.scheduleType,
    scheduleDate: c.scheduleLocal,
    data: c.data,
    multiLangEnable: c.multiLangEnable,
    multiLangContent: c.multiLangContent as MultiLangEntry[],
    contentCreateType: c.contentCreateType,
    pushCount: c.pushCount,
    targetCount: c.targetCount,
    dispatchCount: c.dispatchCount,
    arriveAll: c.reachCount,
    show: c.showCount,
    click: c.clickCount,
    rest: !isArm(c),
    round: c.round,
  };
}

/** A test's row: the parent's description, owner and combined status, and its children (A, B, …, then the rest). */
export function toAbRow({
  parent,
  children,
}: {
  parent: AbParentRecord;
  children: AbChildRecord[];
}): AbTestRow {
  return {
    id: parent.id,
    msgId: parent.id,
    title: parent.title,
    ownerEmail: parent.ownerEmail,
    status: parent.status,
    createTime: new Date(parent.createdAt).toISOString(),
    targetingType: parent.targetingType,
    audiencePackage: targetsAudiencePackage(labelsOf(parent.targetLabels)),
    abAllSent: parent.abAllSent,
    childMsgs: children.map(toArm),
    winner: winnerOf(parent, children),
    appGroupId: parent.appGroupId,
    appGroupParentMsgId: parent.appGroupParentId,
  };
}

/** How the test picks its winner and, once picked, which arm went to the rest, why and when. */
function winnerOf(parent: AbParentRecord, children: AbChildRecord[]): AbTestRow['winner'] {
  const settings = {
    auto: false,
    afterHours: AB_WINNER_LIMITS.hoursDefault,
    early: true,
    bandit: false,
    ...parent.winner,
  };
  const deadline = settings.auto
    ? decidesAt({ winner: settings, rounds: parent.rounds }, children.filter(isArm))
    : null;
  const d = parent.decision;
  return {
    ...settings,
    rounds: parent.rounds,
    msgId: d ? Number(d.msgId) : null,
    reason: d?.reason ?? null,
    decidedAt: d ? new Date(d.at).toISOString() : null,
    decidesAt: deadline ? deadline.toISOString() : null,
  };
}

/**
 * The variants' rates (each over all its rounds), whether the best differs from each other one, and each one's chance
 * of being best (null until every arm exists).
 */
function significanceOf(parent: AbParentRecord, children: AbChildRecord[]) {
  const variants = variantsOf(children.filter(isArm));
  if (variants.length < 2) return null;
  const sig = variantsSignificance(variants);
  const chances = chancesOf(variants, roundSeed(parent.id, AB_BANDIT.rounds));
  return { ...sig, arms: sig.arms.map((a, i) => ({ ...a, probabilityBest: chances[i]! })) };
}

/** The chances of being best already drawn, by seed and counts: the detail is polled while a test sends. */
const drawn = new Map<string, number[]>();
const DRAWN_KEPT = 500;

/** probabilityBest (20,000 seeded joint draws: the same answer for the same counts), drawn once per counts. */
function chancesOf(variants: ReadonlyArray<{ dispatched: number; click: number }>, seed: number): number[] {
  const key = `${seed}:${variants.map((v) => `${v.dispatched}/${v.click}`).join(',')}`;
  let chances = drawn.get(key);
  if (!chances) {
    chances = probabilityBest(variants, seed);
    if (drawn.size >= DRAWN_KEPT) drawn.clear();
    drawn.set(key, chances);
  }
  return chances;
}

/** A test's detail: its row, the settings its arms share (kept on the parent) and the arms' significance. */
export function toAbDetail(test: { parent: AbParentRecord; children: AbChildRecord[] }) {
  const { parent } = test;
  return {
    ...toAbRow(test),
    ...parentSettings(parent),
    significance: significanceOf(parent, test.children),
  };
}
