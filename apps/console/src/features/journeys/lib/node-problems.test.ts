import { describe, expect, it } from 'vitest';
import { emptyCompose } from '../../../message-editor';
import { addStep } from './graph-edit';
import { graphToSteps } from './graph-to-steps';
import { graphProblemKey, nodeOfField, nodeProblems } from './node-problems';
import { sampleGraph, stepDraft, TEST_APP } from './test-graph';

const problemsOf = (
  graph: ReturnType<typeof sampleGraph>,
  server: Array<{ field: string; message: string }> = [],
) => {
  const { steps, order } = graphToSteps(graph, TEST_APP);
  const settings = { ...emptyCompose('+0000'), description: 'Onboarding' };
  return nodeProblems({ graph, steps, order, settings, app: TEST_APP, now: Date.now(), server });
};

describe('nodeProblems', () => {
  it('finds none on a valid journey', () => {
    expect([...problemsOf(sampleGraph())]).toEqual([]);
  });

  it('puts checkJourney’s problems on the node at fault, worded by their field', () => {
    const graph = sampleGraph();
    graph.nodes = graph.nodes.map((n) => (n.id === 'step-4' ? { ...n, step: stepDraft('thanks') } : n));
    const { graph: withOrphan } = addStep(graph, stepDraft('alone'));
    const problems = problemsOf(withOrphan);
    const keys = (id: string) =>
      (problems.get(id) ?? []).flatMap((p) => (p.source === 'graph' ? [graphProblemKey(p.problem)] : []));
    expect(keys('step-4')).toEqual(['tagUnique']);
    expect(keys('step-5')).toEqual(['noBranch']);
    expect(problems.has('step-1')).toBe(false);
  });

  it('puts a step’s empty content and the server’s refusals on their nodes', () => {
    const graph = sampleGraph();
    graph.nodes = graph.nodes.map((n) =>
      n.id === 'step-2' ? { ...n, step: { ...n.step, content: { ...n.step.content, title: '' } } } : n,
    );
    const problems = problemsOf(graph, [
      { field: 'childMsgs.3.data.noti_desc', message: 'Too salesy' },
      { field: 'scheduleDate', message: 'Passed' },
    ]);
    expect(problems.get('step-2')?.map((p) => p.source)).toEqual(['content']);
    expect(problems.get('step-4')).toEqual([
      { source: 'server', field: 'childMsgs.3.data.noti_desc', message: 'Too salesy' },
    ]);
    expect(problems.get('step-1')?.map((p) => p.source)).toEqual(['server']);
    expect(nodeOfField('childMsgs.9.groupTag', ['step-1'], 'step-1')).toBe('step-1');
  });
});
