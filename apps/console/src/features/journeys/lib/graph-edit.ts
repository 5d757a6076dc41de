import { JOURNEY_OUTCOMES, waitMs, type JourneyOutcome, type JourneyWait } from '@beacon/shared';
import {
  incomingOf,
  nextId,
  nodeOf,
  type JourneyEdge,
  type JourneyGraph,
  type StepDraft,
  type XY,
} from './journey-graph-model';

export const DEFAULT_WAIT: JourneyWait = { unit: 'days', value: 1 };

/** Where a new step stands: under its source, or under the lowest step. */
const ROW = 180;

/** Whether `ancestor` leads (through branches) to `id`. */
function leadsTo(graph: JourneyGraph, ancestor: string, id: string): boolean {
  const seen = new Set<string>();
  const walk = (at: string): boolean => {
    if (at === id) return true;
    if (seen.has(at)) return false;
    seen.add(at);
    return graph.edges.filter((e) => e.source === at).some((e) => walk(e.target));
  };
  return walk(ancestor);
}

/**
 * Whether a branch may go from `source` to `target`: not a step to itself, never into the entry, into a step that no
 * branch leads to yet (a step has one source), and no loop.
 */
export function canConnect(graph: JourneyGraph, source: string, target: string): boolean {
  if (source === target || target === graph.entryId) return false;
  if (!nodeOf(graph, source) || !nodeOf(graph, target)) return false;
  if (incomingOf(graph, target)) return false;
  return !leadsTo(graph, target, source);
}

/**
 * The outcome a new branch of `source` takes: the first one its other branches leave free (`everyone` only for a
 * first branch), or undefined when none is left.
 */
export function freeOutcome(
  graph: JourneyGraph,
  source: string,
  except?: string,
): JourneyOutcome | undefined {
  const taken = graph.edges.filter((e) => e.source === source && e.id !== except).map((e) => e.outcome);
  if (taken.includes('everyone')) return undefined;
  const order: JourneyOutcome[] = ['clicked', 'shownNotClicked', 'notShown', 'residue'];
  return order.find((o) => !taken.includes(o));
}

/** The outcomes a branch of `source` may take, given its siblings (the one edited, `except`, aside). */
export function allowedOutcomes(graph: JourneyGraph, source: string, except?: string): JourneyOutcome[] {
  const taken = graph.edges.filter((e) => e.source === source && e.id !== except).map((e) => e.outcome);
  if (taken.includes('everyone')) return [];
  return JOURNEY_OUTCOMES.filter((o) => !taken.includes(o) && (o !== 'everyone' || taken.length === 0));
}

/** The wait a new branch starts with: a residue waits as long as its longest sibling. */
export function defaultWait(graph: JourneyGraph, source: string, outcome: JourneyOutcome): JourneyWait {
  if (outcome !== 'residue') return DEFAULT_WAIT;
  const siblings = graph.edges.filter((e) => e.source === source).map((e) => e.wait);
  return siblings.reduce((a, b) => (waitMs(b) > waitMs(a) ? b : a), DEFAULT_WAIT);
}

/** Adds a branch from `source` to `target` (when allowed) with a free outcome; the graph unchanged otherwise. */
export function connect(graph: JourneyGraph, source: string, target: string): JourneyGraph {
  if (!canConnect(graph, source, target)) return graph;
  const outcome = freeOutcome(graph, source);
  if (!outcome) return graph;
  const edge: JourneyEdge = {
    id: nextId(graph, 'edge'),
    source,
    target,
    outcome,
    wait: defaultWait(graph, source, outcome),
  };
  return { ...graph, edges: [...graph.edges, edge] };
}

/** Adds a step; with `from`, a branch leads to it from that step (when it has an outcome free). */
export function addStep(
  graph: JourneyGraph,
  step: StepDraft,
  from?: string,
): { graph: JourneyGraph; id: string } {
  const id = nextId(graph, 'step');
  const source = from ? nodeOf(graph, from) : undefined;
  const siblings = source ? graph.edges.filter((e) => e.source === source.id).length : 0;
  const lowest = Math.max(0, ...graph.nodes.map((n) => n.position.y));
  const position: XY = source
    ? { x: source.position.x + siblings * 260, y: source.position.y + ROW }
    : { x: 0, y: lowest + ROW };
  const added = { ...graph, nodes: [...graph.nodes, { id, position, step }] };
  return { graph: source ? connect(added, source.id, id) : added, id };
}

/** Removes nodes (never the entry) and edges, and the branches of the removed nodes. */
export function removeElements(
  graph: JourneyGraph,
  nodeIds: readonly string[],
  edgeIds: readonly string[],
): JourneyGraph {
  const nodes = new Set(nodeIds.filter((id) => id !== graph.entryId));
  const edges = new Set(edgeIds);
  if (nodes.size === 0 && edges.size === 0) return graph;
  return {
    ...graph,
    nodes: graph.nodes.filter((n) => !nodes.has(n.id)),
    edges: graph.edges.filter((e) => !edges.has(e.id) && !nodes.has(e.source) && !nodes.has(e.target)),
  };
}

export function updateStep(graph: JourneyGraph, id: string, step: StepDraft): JourneyGraph {
  return { ...graph, nodes: graph.nodes.map((n) => (n.id === id ? { ...n, step } : n)) };
}

export function updateEdge(
  graph: JourneyGraph,
  id: string,
  patch: Partial<Pick<JourneyEdge, 'outcome' | 'wait'>>,
): JourneyGraph {
  return { ...graph, edges: graph.edges.map((e) => (e.id === id ? { ...e, ...patch } : e)) };
}

/**
 * Sets the branch that leads to `target` (the step drawer's "comes after"): replaces its incoming branch, or removes
 * it with `null`. A source that would make a loop leaves the graph unchanged.
 */
export function setBranch(
  graph: JourneyGraph,
  target: string,
  branch: Pick<JourneyEdge, 'source' | 'outcome' | 'wait'> | null,
): JourneyGraph {
  const current = incomingOf(graph, target);
  const without = current ? { ...graph, edges: graph.edges.filter((e) => e.id !== current.id) } : graph;
  if (!branch) return without;
  if (!canConnect(without, branch.source, target)) return graph;
  const edge: JourneyEdge = { id: current?.id ?? nextId(graph, 'edge'), target, ...branch };
  return { ...without, edges: [...without.edges, edge] };
}

/** Moves nodes to new positions. */
export function moveNodes(graph: JourneyGraph, positions: ReadonlyMap<string, XY>): JourneyGraph {
  if (positions.size === 0) return graph;
  return {
    ...graph,
    nodes: graph.nodes.map((n) => {
      const p = positions.get(n.id);
      return p ? { ...n, position: p } : n;
    }),
  };
}
