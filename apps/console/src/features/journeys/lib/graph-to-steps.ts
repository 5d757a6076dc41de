import {
  completeConditions,
  JOURNEY_TYPE,
  MessageType,
  type JourneySaveInput,
  type JourneyStepInput,
  aiWritten,
  ContentCreator,
} from '@beacon/shared';
import { buildMessageSave, type ComposeContext, type ComposeValues } from '../../../message-editor';
import { incomingOf, nodeOf, type JourneyGraph, type StepDraft } from './journey-graph-model';

export type JourneyApp = ComposeContext['app'];

/**
 * The steps in the order they are saved: the entry first, then every step after its source (breadth first along the
 * branches); steps no branch reaches (and any loop) come last, where checkJourney names them.
 */
export function stepOrder(graph: JourneyGraph): string[] {
  const order: string[] = [];
  const placed = new Set<string>();
  const pending = (id: string) => graph.edges.some((e) => e.target === id && !placed.has(e.source));
  const visit = (start: string) => {
    const queue = [start];
    while (queue.length > 0) {
      const id = queue.shift() as string;
      if (placed.has(id)) continue;
      placed.add(id);
      order.push(id);
      for (const e of graph.edges)
        if (e.source === id && !placed.has(e.target) && !pending(e.target)) queue.push(e.target);
    }
  };
  if (nodeOf(graph, graph.entryId)) visit(graph.entryId);
  for (const n of graph.nodes) if (!placed.has(n.id) && !pending(n.id)) visit(n.id);
  for (const n of graph.nodes) if (!placed.has(n.id)) visit(n.id);
  return order;
}

/** A step's content as a message's `data` and languages (the compose payload's, so the same rules hold). */
export function stepContent(step: StepDraft, app: JourneyApp) {
  const built = buildMessageSave(step.content, { app, estimate: undefined, now: 0, kind: step.kind });
  return {
    data: built.data,
    multiLangEnable: built.multiLangEnable ?? false,
    multiLangContent: built.multiLangContent ?? [],
  };
}

/**
 * The canvas as JourneySave's `childMsgs`: the entry first, then in topological order; each step's branch from its
 * one incoming edge (`from` = the source's name), its conditions (none on the entry) and position.
 */
export function graphToSteps(
  graph: JourneyGraph,
  app: JourneyApp,
): { steps: JourneyStepInput[]; order: string[] } {
  const order = stepOrder(graph);
  const steps = order.map((id): JourneyStepInput => {
    const node = nodeOf(graph, id) as NonNullable<ReturnType<typeof nodeOf>>;
    const { step } = node;
    const edge = id === graph.entryId ? undefined : incomingOf(graph, id);
    const source = edge ? nodeOf(graph, edge.source) : undefined;
    return {
      ...(step.msgId ? { id: step.msgId } : {}),
      groupTag: step.groupTag.trim(),
      title: step.content.description.trim(),
      msgType: step.kind === 'cross' ? MessageType.PASS_THROUGH : MessageType.NOTIFICATION,
      ...stepContent(step, app),
      // the step's content came from the AI assistant (statistics modes 2 and 3)
      ...(aiWritten(step.content) ? { contentCreateType: ContentCreator.AI } : {}),
      conditions: id === graph.entryId ? [] : completeConditions(step.conditions),
      displayConditions:
        edge && source ? { from: source.step.groupTag.trim(), outcome: edge.outcome, wait: edge.wait } : null,
      position: { x: Math.round(node.position.x), y: Math.round(node.position.y) },
    };
  });
  return { steps, order };
}

/**
 * flowCanvasCreate's payload: the journey's audience and settings as msg/save takes them (the entry's description as
 * the journey's title, no content, count or group send of its own) and its steps; `id` on edit.
 */
export function buildJourneySave(
  graph: JourneyGraph,
  settings: ComposeValues,
  ctx: { app: JourneyApp; id?: number | undefined },
): { payload: JourneySaveInput; order: string[] } {
  const base = buildMessageSave(settings, { app: ctx.app, estimate: undefined, now: 0, id: ctx.id });
  const {
    msgType: _msgType,
    data: _data,
    pushCount: _pushCount,
    targetCount: _targetCount,
    multiLangEnable: _multiLangEnable,
    multiLangContent: _multiLangContent,
    materialId: _materialId,
    appGroupId: _appGroupId,
    groupCounts: _groupCounts,
    // each step says whether its content came from AI: the journey does not
    contentCreateType: _contentCreateType,
    ...journey
  } = base;
  const { steps, order } = graphToSteps(graph, ctx.app);
  return { payload: { ...journey, msgType: JOURNEY_TYPE, childMsgs: steps }, order };
}
