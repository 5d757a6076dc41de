import { type ConditionDraft, type JourneyOutcome, type JourneyWait } from '@beacon/shared';
import { type ComposeValues } from '../../../message-editor';

/** What a step sends: a notification or a cross message (JourneyStep's msgType 1 or 2). */
export type StepKind = 'notification' | 'cross';

export interface XY {
  x: number;
  y: number;
}

/** A step as the canvas edits it: its name, content (the compose form's values) and narrowing conditions. */
export interface StepDraft {
  /** the step's message id, kept on edit */
  msgId?: number | undefined;
  groupTag: string;
  kind: StepKind;
  /** the compose form's values; `description` is the step's title */
  content: ComposeValues;
  conditions: ConditionDraft[];
}

export interface JourneyNode {
  id: string;
  position: XY;
  step: StepDraft;
}

/** A branch: the devices of `source` with `outcome` move to `target` after `wait`. */
export interface JourneyEdge {
  id: string;
  source: string;
  target: string;
  outcome: JourneyOutcome;
  wait: JourneyWait;
}

/** The canvas: its steps (the entry among them) and branches. */
export interface JourneyGraph {
  entryId: string;
  nodes: JourneyNode[];
  edges: JourneyEdge[];
}

/** The id of a node or edge after every one of the graph's (`step-3`, `edge-4`). */
export function nextId(graph: JourneyGraph, prefix: 'step' | 'edge'): string {
  const ids = [...graph.nodes, ...graph.edges].map((x) => x.id);
  const numbers = ids
    .filter((id) => id.startsWith(`${prefix}-`))
    .map((id) => Number(id.slice(prefix.length + 1)));
  return `${prefix}-${Math.max(0, ...numbers.filter(Number.isFinite)) + 1}`;
}

export const edgeId = (source: string, target: string) => `edge-${source}-${target}`;

export const nodeOf = (graph: JourneyGraph, id: string) => graph.nodes.find((n) => n.id === id);

/** The branch that leads to a node (a step has at most one). */
export const incomingOf = (graph: JourneyGraph, id: string) => graph.edges.find((e) => e.target === id);
