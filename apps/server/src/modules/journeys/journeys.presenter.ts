import {
  MessageStatus as S,
  type JourneyDetail,
  type JourneyRow,
  type JourneyStep,
  type JourneyStepRow,
} from '@beacon/shared';
import type { JourneyDefinition, JourneyStepRecord } from './journeys.repository';
import { parentSettings, type MessageRecord } from '../messages';

interface Journey {
  parent: MessageRecord;
  definition: JourneyDefinition;
  steps: JourneyStepRecord[];
  /** an event-started journey's entries and exits so far */
  counts: { entries: number; exits: number };
}

/**
 * A step as the canvas shows it: the definition's content, branch and estimate, and — once the journey is confirmed —
 * the step message's status and counters and the devices that entered it (the entry: its audience).
 */
function toStep(
  def: JourneyStep,
  estimate: number | null,
  rec: JourneyStepRecord | undefined,
  counting: boolean,
): JourneyStepRow {
  const entered = rec ? (rec.gated ? (rec.enteredAt ? rec.targetCount : null) : rec.targetCount) : null;
  return {
    msgId: rec?.id ?? 0,
    groupTag: def.groupTag,
    title: def.title,
    msgType: def.msgType,
    status: rec?.status ?? S.CANVAS_WAITING_COUNT,
    data: def.data,
    multiLangEnable: def.multiLangEnable,
    multiLangContent: def.multiLangContent,
    contentCreateType: def.contentCreateType ?? 0,
    conditions: def.conditions,
    displayConditions: def.displayConditions,
    position: def.position ?? null,
    // status 19 hides estimated counts
    estimate: counting ? null : estimate,
    entered,
    dueAt: rec?.dueAt ? rec.dueAt.toISOString() : null,
    pushCount: rec?.pushCount ?? 0,
    targetCount: rec?.targetCount ?? 0,
    dispatchCount: rec?.dispatchCount ?? 0,
    arriveAll: rec?.reachCount ?? 0,
    show: rec?.showCount ?? 0,
    click: rec?.clickCount ?? 0,
  };
}

export function toJourneyRow({ parent, definition, steps, counts }: Journey): JourneyRow {
  const counting = parent.status === S.CANVAS_WAITING_COUNT;
  const byTag = new Map(steps.map((s) => [s.groupTag, s]));
  return {
    id: parent.id,
    msgId: parent.id,
    title: parent.title,
    ownerEmail: parent.ownerEmail,
    status: parent.status,
    createTime: new Date(parent.createdAt).toISOString(),
    scheduleType: parent.scheduleType,
    scheduleDate: parent.scheduleLocal,
    scheduleUTC: parent.scheduleUtc,
    targetingType: parent.targetingType,
    pushResidueUser: definition.steps.some((s) => s.displayConditions?.outcome === 'residue'),
    pushCount: steps.reduce((n, s) => n + s.pushCount, 0),
    targetCount: counting ? 0 : parent.targetCount,
    error: definition.error,
    entry: definition.entry,
    entries: counts.entries,
    exits: counts.exits,
    childMsgs: definition.steps.map((d, i) =>
      toStep(d, definition.estimates?.[i] ?? null, byTag.get(d.groupTag), counting),
    ),
  };
}

export function toJourneyDetail(j: Journey): JourneyDetail {
  const { parent } = j;
  return {
    ...toJourneyRow(j),
    ...parentSettings(parent),
    rejectReason: parent.rejectReason,
  };
}
