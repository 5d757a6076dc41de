import { type JourneyStepRow } from '@beacon/shared';
import { type JourneyEdge, type JourneyGraph } from '../lib/journey-graph-model';
import { type BranchFlowEdge, type StepFlowNode } from './canvas-types';

interface FlowOptions {
  /** each node's problems, worded */
  problems: ReadonlyMap<string, string[]>;
  /** view mode: the saved step of a node */
  rowOf: (id: string) => JourneyStepRow | undefined;
  /** figures hidden (status 19) */
  counting: boolean;
  /** view mode, an event-started journey: its entries and exits so far */
  live?: { entries: number; exits: number } | undefined;
  readOnly: boolean;
  label: (edge: JourneyEdge) => string;
  count: (n: number | null) => string;
  onOpen: (edgeId: string) => void;
}

/**
 * The graph as React Flow's nodes and edges: each step with its problems and (view mode) its figures, the entry never
 * deletable; each branch labelled by outcome and wait and (view mode) by the devices that took it, its target's
 * `entered`.
 */
export function flowElements(
  graph: JourneyGraph,
  o: FlowOptions,
): { nodes: StepFlowNode[]; edges: BranchFlowEdge[] } {
  const nodes: StepFlowNode[] = graph.nodes.map((n) => ({
    id: n.id,
    type: 'step',
    position: n.position,
    deletable: !o.readOnly && n.id !== graph.entryId,
    data: {
      step: n.step,
      entry: n.id === graph.entryId,
      problems: o.problems.get(n.id) ?? [],
      row: o.rowOf(n.id),
      counting: o.counting,
      live: o.live,
    },
  }));
  const edges: BranchFlowEdge[] = graph.edges.map((e) => {
    const target = o.rowOf(e.target);
    return {
      id: e.id,
      source: e.source,
      target: e.target,
      type: 'branch',
      deletable: !o.readOnly,
      data: {
        label: o.label(e),
        taken: target ? (o.counting ? '—' : o.count(target.entered)) : undefined,
        onOpen: o.onOpen,
      },
    };
  });
  return { nodes, edges };
}
