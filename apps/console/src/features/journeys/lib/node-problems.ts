import { checkJourney, type JourneyProblem, type JourneyStepInput } from '@beacon/shared';
import {
  isContentField,
  validateCompose,
  type ComposeIssue,
  type ComposeValues,
  type FieldName,
} from '../../../message-editor';
import { type JourneyApp } from './graph-to-steps';
import { nodeOf, type JourneyGraph } from './journey-graph-model';

/** A problem shown on a node: the graph rule's (by its field), a content field's, or the server's words. */
export type NodeProblem =
  | { source: 'graph'; problem: JourneyProblem }
  | { source: 'content' | 'settings'; issue: ComposeIssue }
  | { source: 'server'; field: string; message: string };

/** The journey's fields the entry's settings hold (the rest of compose's form is content or is not asked). */
export const SETTINGS_FIELDS = [
  'description',
  'targetingType',
  'conditions',
  'userIdsText',
  'groupId',
  'fileList',
  'fileLink',
  'scheduleType',
  'scheduleDate',
  'scheduleUTC',
  'ttlHours',
  'speedLimit',
  'msgRestrictType',
  'priority',
];

export const isSettingsField = (name: FieldName) => SETTINGS_FIELDS.includes(String(name[0]));

/** A step's content problems, by the compose form's own rules (validateCompose), content fields only. */
export function contentIssues(
  content: ComposeValues,
  kind: 'notification' | 'cross',
  app: JourneyApp,
): ComposeIssue[] {
  return validateCompose(content, { app, estimate: undefined, now: Date.now(), kind }).filter((i) =>
    isContentField(i.name, kind),
  );
}

/** The journey's settings problems (audience, schedule, delivery), by the compose form's rules. */
export function settingsIssues(settings: ComposeValues, app: JourneyApp, now: number): ComposeIssue[] {
  return validateCompose({ ...settings, pushCount: 1 }, { app, estimate: undefined, now }).filter((i) =>
    isSettingsField(i.name),
  );
}

/** The node a payload field belongs to: `childMsgs.N.…` the N-th saved step's, any other the entry's. */
export function nodeOfField(field: string, order: readonly string[], entryId: string): string {
  const m = /^childMsgs\.(\d+)/.exec(field);
  return (m ? order[Number(m[1])] : undefined) ?? entryId;
}

/** checkJourney over the saved steps, each problem at its node. */
export function graphProblems(
  steps: readonly JourneyStepInput[],
  order: readonly string[],
  entryId: string,
): Map<string, NodeProblem[]> {
  const out = new Map<string, NodeProblem[]>();
  const shaped = steps.map((s) => ({
    groupTag: s.groupTag,
    displayConditions: s.displayConditions ?? null,
    conditions: s.conditions ?? [],
  }));
  for (const problem of checkJourney(shaped)) {
    const id = nodeOfField(problem.field, order, entryId);
    out.set(id, [...(out.get(id) ?? []), { source: 'graph', problem }]);
  }
  return out;
}

/** Every problem of the canvas by node: the graph rule's, each step's content, the entry's settings, the server's. */
export function nodeProblems(input: {
  graph: JourneyGraph;
  steps: readonly JourneyStepInput[];
  order: readonly string[];
  settings: ComposeValues;
  app: JourneyApp;
  now: number;
  server: ReadonlyArray<{ field: string; message: string }>;
}): Map<string, NodeProblem[]> {
  const { graph, order } = input;
  const out = graphProblems(input.steps, order, graph.entryId);
  const add = (id: string, list: NodeProblem[]) => {
    if (list.length > 0) out.set(id, [...(out.get(id) ?? []), ...list]);
  };
  for (const id of order) {
    const step = nodeOf(graph, id)?.step;
    if (step)
      add(
        id,
        contentIssues(step.content, step.kind, input.app).map((issue) => ({ source: 'content', issue })),
      );
  }
  add(
    graph.entryId,
    settingsIssues(input.settings, input.app, input.now).map((issue) => ({ source: 'settings', issue })),
  );
  for (const e of input.server)
    add(nodeOfField(e.field, order, graph.entryId), [
      { source: 'server', field: e.field, message: e.message },
    ]);
  return out;
}

/** The i18n key (under `journeys.problems`) that words a graph problem, from the field it names. */
export function graphProblemKey(p: JourneyProblem): string {
  const field = p.field.replace(/^childMsgs\.\d+\.?/, '');
  if (field === '' || field === 'childMsgs') return p.message.includes('at most') ? 'tooMany' : 'none';
  if (field === 'groupTag') return p.message.startsWith('must be unique') ? 'tagUnique' : 'tagLength';
  if (field === 'conditions') return 'entryConditions';
  if (field === 'displayConditions') return p.step === 0 ? 'entryBranch' : 'noBranch';
  if (field === 'displayConditions.from') return 'from';
  if (field === 'displayConditions.outcome')
    return p.message.includes('only branch') ? 'everyoneAlone' : 'outcomeTwice';
  if (field === 'displayConditions.wait') return p.message.includes('residue') ? 'residueWait' : 'waitRange';
  return 'other';
}
