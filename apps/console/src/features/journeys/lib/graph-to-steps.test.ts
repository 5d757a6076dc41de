import { checkJourney, JourneySave, type JourneyDetail, type JourneyStepRow } from '@beacon/shared';
import { describe, expect, it } from 'vitest';
import { emptyCompose } from '../../../message-editor';
import { autoLayout } from './auto-layout';
import { addStep, canConnect, connect, removeElements, setBranch } from './graph-edit';
import { buildJourneySave, graphToSteps, stepOrder } from './graph-to-steps';
import { journeyToEditor, stepsToGraph } from './steps-to-graph';
import { sampleGraph, stepDraft, TEST_APP } from './test-graph';

const row = (step: ReturnType<typeof graphToSteps>['steps'][number], i: number): JourneyStepRow => ({
  msgId: 100 + i,
  groupTag: step.groupTag,
  title: step.title ?? '',
  msgType: step.msgType,
  status: 18,
  data: step.data,
  multiLangEnable: false,
  multiLangContent: [],
  contentCreateType: 0,
  conditions: [],
  displayConditions: step.displayConditions ?? null,
  position: step.position ?? null,
  estimate: 10,
  entered: null,
  dueAt: null,
  pushCount: 0,
  targetCount: 0,
  dispatchCount: 0,
  arriveAll: 0,
  show: 0,
  click: 0,
});

describe('graph → childMsgs', () => {
  it('puts the entry first and every step after its source, whatever the nodes’ order', () => {
    expect(stepOrder(sampleGraph())).toEqual(['step-1', 'step-2', 'step-3', 'step-4']);
    const { steps } = graphToSteps(sampleGraph(), TEST_APP);
    expect(steps.map((s) => s.groupTag)).toEqual(['welcome', 'thanks', 'reminder', 'last']);
    expect(
      checkJourney(
        steps.map((s) => ({ groupTag: s.groupTag, displayConditions: s.displayConditions ?? null })),
      ),
    ).toEqual([]);
  });

  it('maps each step’s one incoming edge to its branch, the wait as drawn, and the entry to none', () => {
    const { steps } = graphToSteps(sampleGraph(), TEST_APP);
    expect(steps[0]?.displayConditions).toBeNull();
    expect(steps[1]?.displayConditions).toEqual({
      from: 'welcome',
      outcome: 'clicked',
      wait: { unit: 'hours', value: 1 },
    });
    expect(steps[2]?.displayConditions).toEqual({
      from: 'welcome',
      outcome: 'residue',
      wait: { unit: 'days', value: 2 },
    });
    expect(steps[3]?.displayConditions).toEqual({
      from: 'reminder',
      outcome: 'everyone',
      wait: { unit: 'at', time: '09:30' },
    });
    expect(steps[1]).toMatchObject({ title: 'thanks title', msgType: 1, position: { x: -200, y: 300 } });
    expect(steps[1]?.data).toMatchObject({ noti_title: 'thanks says hi', noti_desc: 'Text' });
  });

  it('puts a step no branch reaches last, where checkJourney names it', () => {
    const { graph, id } = addStep(sampleGraph(), stepDraft('orphan'));
    const { steps, order } = graphToSteps(graph, TEST_APP);
    expect(order.at(-1)).toBe(id);
    const problems = checkJourney(
      steps.map((s) => ({ groupTag: s.groupTag, displayConditions: s.displayConditions ?? null })),
    );
    expect(problems.map((p) => p.field)).toEqual(['childMsgs.4.displayConditions']);
  });

  it('makes a payload JourneySave accepts: the journey’s settings, msgType 9, the steps', () => {
    const settings = { ...emptyCompose('+0000'), description: 'Onboarding' };
    const { payload } = buildJourneySave(sampleGraph(), settings, { app: TEST_APP, id: 7 });
    const parsed = JourneySave.safeParse(payload);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    expect(payload).toMatchObject({ id: 7, title: 'Onboarding', msgType: 9, targetingType: 0 });
    expect(payload).not.toHaveProperty('pushCount');
    expect(payload).not.toHaveProperty('data');
  });
});

describe('editing the graph', () => {
  it('connects a new step with the first free outcome, and refuses loops, a second source and the entry', () => {
    const { graph, id } = addStep(sampleGraph(), stepDraft('more'), 'step-1');
    expect(graph.edges.find((e) => e.target === id)).toMatchObject({
      source: 'step-1',
      outcome: 'shownNotClicked',
    });
    expect(canConnect(graph, 'step-4', 'step-1')).toBe(false);
    expect(canConnect(graph, 'step-4', 'step-3')).toBe(false);
    expect(canConnect(graph, 'step-2', 'step-2')).toBe(false);
    expect(connect(graph, 'step-2', 'step-4')).toBe(graph);
  });

  it('removes a step with its branches but never the entry; sets a step’s branch', () => {
    const g = removeElements(sampleGraph(), ['step-3', 'step-1'], []);
    expect(g.nodes.map((n) => n.id).sort()).toEqual(['step-1', 'step-2', 'step-4']);
    expect(g.edges.map((e) => e.id)).toEqual(['edge-1']);
    const b = setBranch(g, 'step-4', {
      source: 'step-2',
      outcome: 'notShown',
      wait: { unit: 'hours', value: 3 },
    });
    expect(b.edges.find((e) => e.target === 'step-4')).toMatchObject({
      source: 'step-2',
      outcome: 'notShown',
    });
  });

  it('lays out by depth, top to bottom', () => {
    const g = autoLayout(sampleGraph());
    const y = Object.fromEntries(g.nodes.map((n) => [n.id, n.position.y]));
    expect(y['step-1']).toBeLessThan(y['step-2'] ?? 0);
    expect(y['step-2']).toBe(y['step-3']);
    expect(y['step-4']).toBeGreaterThan(y['step-3'] ?? 0);
  });
});

describe('childMsgs → graph', () => {
  it('round-trips: the saved steps give back the same payload', () => {
    const { steps } = graphToSteps(sampleGraph(), TEST_APP);
    const graph = stepsToGraph(steps.map(row), '+0000', false);
    expect(graphToSteps(graph, TEST_APP).steps).toEqual(steps);
  });

  it('keeps the ids on edit only and lays out steps without a position', () => {
    const { steps } = graphToSteps(sampleGraph(), TEST_APP);
    const rows = steps.map(row).map((r) => ({ ...r, position: null }));
    const detail: JourneyDetail = {
      id: 9,
      msgId: 9,
      title: 'Onboarding',
      entry: { kind: 'audience' },
      entries: 0,
      exits: 0,
      ownerEmail: 'o@example.com',
      status: 18,
      createTime: '2030-01-01T00:00:00Z',
      scheduleType: 2,
      scheduleDate: '2030-01-02T10:00:00',
      scheduleUTC: '+0100',
      targetingType: 0,
      pushResidueUser: true,
      pushCount: 0,
      targetCount: 0,
      error: '',
      childMsgs: rows,
      conditions: [],
      groupId: null,
      userIds: [],
      fileOrigin: '',
      fileLink: '',
      timeToLive: 7200,
      speedLimit: 0,
      msgRestrictType: 2,
      msgDisplayPrior: null,
      rejectReason: '',
    };
    const edit = journeyToEditor(detail, 'edit', '+0000');
    expect(graphToSteps(edit.graph, TEST_APP).steps.map((s) => s.id)).toEqual([100, 101, 102, 103]);
    expect(edit.settings).toMatchObject({
      description: 'Onboarding',
      scheduleDate: '2030-01-02 10:00:00',
      ttlHours: 2,
    });
    const copy = journeyToEditor(detail, 'copy', '+0000');
    expect(graphToSteps(copy.graph, TEST_APP).steps.some((s) => s.id !== undefined)).toBe(false);
    expect(copy.settings.scheduleDate).toBe('');
    expect(new Set(copy.graph.nodes.map((n) => n.position.y)).size).toBe(3);
  });
});
