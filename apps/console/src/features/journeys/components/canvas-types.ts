import { type Edge, type Node } from '@xyflow/react';
import { type JourneyStepRow } from '@beacon/shared';
import { type StepDraft } from '../lib/journey-graph-model';

/** What a step node draws: the step, its problems (worded), and in view mode its saved row's figures. */
export interface StepNodeData extends Record<string, unknown> {
  step: StepDraft;
  entry: boolean;
  problems: string[];
  /** view mode: the saved step (status, estimate, counters); figures hidden while `counting` */
  row?: JourneyStepRow | undefined;
  counting: boolean;
  /**
   * view mode, an event-started journey (its steps are live messages): each step shows its targeted devices so far;
   * the entry its entries and exits instead of the audience estimate
   */
  live?: { entries: number; exits: number } | undefined;
}
export type StepFlowNode = Node<StepNodeData, 'step'>;

/** What a branch edge draws: its outcome and wait, and in view mode how many devices took it. */
export interface BranchEdgeData extends Record<string, unknown> {
  label: string;
  /** the devices that took it (its target's `entered`), view mode only */
  taken?: string | undefined;
  onOpen: (id: string) => void;
}
export type BranchFlowEdge = Edge<BranchEdgeData, 'branch'>;
