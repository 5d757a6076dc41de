import { describe, expect, it } from 'vitest';
import { type JourneyStepRow } from '@beacon/shared';
import { sampleGraph } from '../lib/test-graph';
import { flowElements } from './canvas-elements';
import { stepRow } from './journey-fixtures';

const rows: Record<string, JourneyStepRow> = {
  'step-1': stepRow('welcome', { entered: 1000 }),
  'step-2': stepRow('thanks', { entered: 120 }),
};
const options = (fields: Partial<Parameters<typeof flowElements>[1]> = {}) => ({
  problems: new Map([['step-3', ['Not reached']]]),
  rowOf: (id: string) => rows[id],
  counting: false,
  readOnly: true,
  label: (e: { outcome: string }) => e.outcome,
  count: (n: number | null) => String(n ?? '—'),
  onOpen: () => undefined,
  ...fields,
});

describe('flowElements', () => {
  it('labels each branch by its outcome and, in view mode, by the devices its target took in', () => {
    const { nodes, edges } = flowElements(sampleGraph(), options());
    const byTarget = Object.fromEntries(edges.map((e) => [e.target, e.data]));
    expect(byTarget['step-2']).toMatchObject({ label: 'clicked', taken: '120' });
    expect(byTarget['step-3']).toMatchObject({ label: 'residue', taken: undefined });
    expect(nodes.find((n) => n.id === 'step-3')?.data.problems).toEqual(['Not reached']);
  });

  it('hides the counts while the estimate is counted, and never lets the entry be deleted', () => {
    const { nodes, edges } = flowElements(sampleGraph(), options({ counting: true, readOnly: false }));
    expect(edges.find((e) => e.target === 'step-2')?.data?.taken).toBe('—');
    expect(nodes.find((n) => n.id === 'step-1')?.deletable).toBe(false);
    expect(nodes.find((n) => n.id === 'step-2')?.deletable).toBe(true);
  });
});
