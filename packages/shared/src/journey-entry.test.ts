import { describe, expect, it } from 'vitest';
import { checkJourneyEntry, matchesEntry, type EntryNames, type JourneyEntry } from './journey-entry';
import { JourneySave } from './contracts/journeys';

const names: EntryNames = new Map<string, { types: Record<string, string> }>([
  ['add_to_cart', { types: { price: 'number', sku: 'string', gift: 'boolean' } }],
  ['purchase', { types: {} }],
]);
const event = (over: Partial<Extract<JourneyEntry, { kind: 'event' }>> = {}): JourneyEntry => ({
  kind: 'event',
  name: 'add_to_cart',
  properties: [],
  reEntry: { kind: 'once' },
  exitName: null,
  ...over,
});

describe('checkJourneyEntry', () => {
  it('takes an audience entry and a valid event entry', () => {
    expect(checkJourneyEntry({ kind: 'audience' }, names)).toEqual([]);
    expect(
      checkJourneyEntry(
        event({
          properties: [
            { key: 'price', op: 'gt', value: 10 },
            { key: 'sku', op: 'contains', value: 'shoe' },
            { key: 'gift', op: 'neq', value: true },
          ],
          reEntry: { kind: 'after', hours: 24 },
          exitName: 'purchase',
        }),
        names,
      ),
    ).toEqual([]);
  });

  it('names the field at fault', () => {
    const fields = (e: JourneyEntry) => checkJourneyEntry(e, names).map((p) => p.field);
    expect(fields(event({ name: 'nope' }))).toEqual(['entry.event.name']);
    expect(fields(event({ name: '' }))).toEqual(['entry.event.name']);
    expect(fields(event({ properties: [{ key: 'color', op: 'eq', value: 'red' }] }))).toEqual([
      'entry.event.properties.0.key',
    ]);
    expect(fields(event({ properties: [{ key: 'price', op: 'eq', value: 'ten' }] }))).toEqual([
      'entry.event.properties.0.value',
    ]);
    expect(fields(event({ properties: [{ key: 'price', op: 'contains', value: 1 }] }))).toEqual([
      'entry.event.properties.0.op',
    ]);
    expect(fields(event({ properties: [{ key: 'gift', op: 'gt', value: true }] }))).toEqual([
      'entry.event.properties.0.op',
    ]);
    expect(fields(event({ reEntry: { kind: 'after', hours: 0 } }))).toEqual(['entry.event.reEntry.hours']);
    expect(fields(event({ reEntry: { kind: 'every', perDay: 101 } }))).toEqual([
      'entry.event.reEntry.perDay',
    ]);
    expect(fields(event({ exitName: 'add_to_cart' }))).toEqual(['entry.event.exitName']);
    expect(fields(event({ exitName: 'gone' }))).toEqual(['entry.event.exitName']);
  });

  it('checks only the shape without the app’s names (the contract)', () => {
    expect(checkJourneyEntry(event({ name: 'unknown', exitName: 'other' }))).toEqual([]);
    expect(checkJourneyEntry(event({ properties: [{ key: 'x', op: 'gt', value: 'a' }] }))[0]?.field).toBe(
      'entry.event.properties.0.op',
    );
  });

  it('is refused by JourneySave with the field', () => {
    const r = JourneySave.safeParse({
      title: 'Cart',
      targetingType: 0,
      scheduleType: 1,
      childMsgs: [{ groupTag: 'Start', msgType: 1, data: {} }],
      entry: { kind: 'event', name: 'add_to_cart', reEntry: { kind: 'after', hours: 0 } },
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toContain('entry.event.reEntry.hours');
  });
});

describe('matchesEntry', () => {
  const props = { price: 12, sku: 'red-shoe', gift: false };
  it('meets each operator by type', () => {
    expect(matchesEntry([], props)).toBe(true);
    expect(matchesEntry([{ key: 'price', op: 'gt', value: 10 }], props)).toBe(true);
    expect(matchesEntry([{ key: 'price', op: 'lt', value: 10 }], props)).toBe(false);
    expect(matchesEntry([{ key: 'sku', op: 'contains', value: 'shoe' }], props)).toBe(true);
    expect(matchesEntry([{ key: 'sku', op: 'neq', value: 'red-shoe' }], props)).toBe(false);
    expect(matchesEntry([{ key: 'gift', op: 'eq', value: false }], props)).toBe(true);
  });
  it('a missing property or another type meets nothing, not even neq', () => {
    expect(matchesEntry([{ key: 'color', op: 'neq', value: 'red' }], props)).toBe(false);
    expect(matchesEntry([{ key: 'price', op: 'neq', value: '12' }], props)).toBe(false);
  });
});
