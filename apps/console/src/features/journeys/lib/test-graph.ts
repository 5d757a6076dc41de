// Tests only: a journey's canvas built by hand, and an app that allows what the steps use.
import { emptyCompose } from '../../../message-editor';
import { type JourneyApp } from './graph-to-steps';
import { type JourneyGraph, type StepDraft } from './journey-graph-model';

export const TEST_APP: JourneyApp = {
  linksEnable: true,
  localTimeEnable: true,
  displayPriorityEnable: false,
  multiLangEnable: false,
  serverUTC: '+0000',
  projectLevel: 200,
  advanceTarget: false,
};

/** A notification step with a title and text. */
export const stepDraft = (groupTag: string, fields: Partial<StepDraft> = {}): StepDraft => ({
  groupTag,
  kind: 'notification',
  content: {
    ...emptyCompose('+0000'),
    description: `${groupTag} title`,
    title: `${groupTag} says hi`,
    desc: 'Text',
    openContent: 'com.acme.Main',
    smallIcon: '/files/icon.png',
  },
  conditions: [],
  ...fields,
});

/** welcome → (clicked, 1 h) thanks; welcome → (residue, 2 d) reminder → (everyone, at 09:30) last. */
export function sampleGraph(): JourneyGraph {
  return {
    entryId: 'step-1',
    nodes: [
      { id: 'step-4', position: { x: 0, y: 600 }, step: stepDraft('last') },
      { id: 'step-3', position: { x: 200, y: 300 }, step: stepDraft('reminder') },
      { id: 'step-1', position: { x: 0, y: 0 }, step: stepDraft('welcome') },
      { id: 'step-2', position: { x: -200, y: 300 }, step: stepDraft('thanks') },
    ],
    edges: [
      {
        id: 'edge-3',
        source: 'step-3',
        target: 'step-4',
        outcome: 'everyone',
        wait: { unit: 'at', time: '09:30' },
      },
      {
        id: 'edge-1',
        source: 'step-1',
        target: 'step-2',
        outcome: 'clicked',
        wait: { unit: 'hours', value: 1 },
      },
      {
        id: 'edge-2',
        source: 'step-1',
        target: 'step-3',
        outcome: 'residue',
        wait: { unit: 'days', value: 2 },
      },
    ],
  };
}
