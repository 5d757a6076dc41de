import {
  MaterialType,
  MessageType,
  ScheduleType,
  TARGETING_TYPES,
  TargetingType,
  type Condition,
  type ConditionDraft,
  type JourneyDetail,
  type JourneyStepRow,
  contentCreatorOf,
} from '@beacon/shared';
import { composeFromMaterial, emptyCompose, emptyCross, type ComposeValues } from '../../../message-editor';
import { autoLayout } from './auto-layout';
import { type JourneyEdge, type JourneyGraph, type JourneyNode, type StepDraft } from './journey-graph-model';

const pick = <T extends number>(v: number, allowed: readonly T[], fallback: T): T =>
  allowed.includes(v as T) ? (v as T) : fallback;

export const conditionDrafts = (list: readonly Condition[]): ConditionDraft[] =>
  list.map((c) => ({
    label: c.label,
    op: c.op,
    values: [...c.values],
    allSelected: c.allSelected,
    dmp: c.dmp,
  }));

/** A step's draft from its saved row: content by the compose form's reading of `data`; its id kept on edit. */
export function stepFromRow(row: JourneyStepRow, serverUTC: string, keepId: boolean): StepDraft {
  const cross = row.msgType === MessageType.PASS_THROUGH;
  const content: ComposeValues = {
    ...emptyCompose(serverUTC),
    ...(cross ? emptyCross('cross') : {}),
    ...composeFromMaterial({
      title: row.title,
      materialType: cross ? MaterialType.CROSS : MaterialType.SYSTEM,
      data: row.data,
      multiLangEnable: row.multiLangEnable,
      multiLangContent: row.multiLangContent,
    }),
    // kept through an edit: the step's content came from the AI assistant
    contentCreateType: contentCreatorOf(row),
  };
  return {
    ...(keepId && row.msgId > 0 ? { msgId: row.msgId } : {}),
    groupTag: row.groupTag,
    kind: cross ? 'cross' : 'notification',
    content,
    conditions: conditionDrafts(row.conditions),
  };
}

/**
 * A saved journey's canvas: a node per step (`step-1`… in saved order, at its saved position, or laid out when any
 * has none) and an edge per branch, from the step its `from` names.
 */
export function stepsToGraph(
  rows: readonly JourneyStepRow[],
  serverUTC: string,
  keepIds: boolean,
): JourneyGraph {
  const nodes: JourneyNode[] = rows.map((row, i) => ({
    id: `step-${i + 1}`,
    position: row.position ?? { x: 0, y: 0 },
    step: stepFromRow(row, serverUTC, keepIds),
  }));
  const byTag = new Map(rows.map((row, i) => [row.groupTag, `step-${i + 1}`]));
  const edges: JourneyEdge[] = rows.flatMap((row, i) => {
    const b = row.displayConditions;
    const source = b ? byTag.get(b.from) : undefined;
    return b && source
      ? [{ id: `edge-${i + 1}`, source, target: `step-${i + 1}`, outcome: b.outcome, wait: b.wait }]
      : [];
  });
  const entry = rows.findIndex((r) => r.displayConditions === null);
  const graph: JourneyGraph = { entryId: `step-${Math.max(0, entry) + 1}`, nodes, edges };
  return rows.some((r) => r.position === null) ? autoLayout(graph) : graph;
}

/**
 * The journey's audience and settings as the compose form holds them (description, targeting, schedule, time to live,
 * speed, kind, priority); a copy drops the schedule date.
 */
export function settingsFromDetail(d: JourneyDetail, act: 'edit' | 'copy', serverUTC: string): ComposeValues {
  const targetingType = pick(d.targetingType, TARGETING_TYPES, TargetingType.EVERYONE);
  return {
    ...emptyCompose(serverUTC),
    description: d.title,
    msgRestrictType: pick(d.msgRestrictType, [1, 2, 3] as const, 1),
    targetingType,
    conditions: conditionDrafts(d.conditions),
    groupId: d.groupId ?? undefined,
    userIdsText: d.userIds.join('\n'),
    fileList:
      targetingType === TargetingType.FILE_UPLOAD && d.fileOrigin ? { origin: d.fileOrigin } : undefined,
    fileLink: d.fileLink,
    linkList:
      targetingType === TargetingType.FILE_LINK && d.fileOrigin
        ? { origin: d.fileOrigin, link: d.fileLink }
        : undefined,
    scheduleType: pick(
      d.scheduleType,
      [ScheduleType.NOW, ScheduleType.AT_TIME, ScheduleType.LOCAL_TIME] as const,
      ScheduleType.NOW,
    ),
    scheduleDate: act === 'copy' ? '' : (d.scheduleDate ?? '').replace('T', ' ').slice(0, 19),
    scheduleUTC: d.scheduleUTC || serverUTC,
    ttlHours: Math.round(d.timeToLive / 3600) || 12,
    slowPush: d.speedLimit > 0,
    speedLimit: d.speedLimit > 0 ? d.speedLimit : 1000,
    priority: d.msgDisplayPrior,
  };
}

/** The editor's state for a saved journey: its canvas and settings (ids kept on edit only). */
export function journeyToEditor(d: JourneyDetail, act: 'edit' | 'copy', serverUTC: string) {
  return {
    graph: stepsToGraph(d.childMsgs, serverUTC, act === 'edit'),
    settings: settingsFromDetail(d, act, serverUTC),
    entry: d.entry,
  };
}
