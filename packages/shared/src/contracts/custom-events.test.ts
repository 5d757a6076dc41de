import { describe, expect, it } from 'vitest';
import {
  checkEventsAgainstNames,
  CUSTOM_EVENT_LIMITS,
  TrackBody,
  type KnownEventName,
} from './custom-events';

const GAID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const known = (entries: Record<string, KnownEventName['types']>) =>
  new Map(Object.entries(entries).map(([name, types], id) => [name, { id, types }]));

describe('custom events: the track contract', () => {
  it('takes names, typed properties and a recent time; defaults properties to none', () => {
    const body = TrackBody.parse({
      gaid: GAID.toUpperCase(),
      events: [
        { name: 'checkout.done-2', properties: { price: 9.5, sku: 'A', gift: true } },
        { name: 'open' },
      ],
    });
    expect(body.gaid).toBe(GAID);
    expect(body.events[1]).toEqual({ name: 'open', properties: {} });
  });

  it.each([
    [{ name: '_x' }, 'events.0.name'],
    [{ name: 'a'.repeat(65) }, 'events.0.name'],
    [{ name: 'ok', properties: { 'a-b': 1 } }, 'events.0.properties.a-b'],
    [{ name: 'ok', properties: { a: null } }, 'events.0.properties.a'],
    [{ name: 'ok', at: Date.now() - CUSTOM_EVENT_LIMITS.maxAgeMs - 60_000 }, 'events.0.at'],
    [{ name: 'ok', at: Date.now() + CUSTOM_EVENT_LIMITS.maxAheadMs + 60_000 }, 'events.0.at'],
  ])('refuses %j at %s', (event, path) => {
    const r = TrackBody.safeParse({ gaid: GAID, events: [event] });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toContain(path);
  });
});

describe('checkEventsAgainstNames', () => {
  it('adds new names and new keys with their types; known ones add nothing', () => {
    const r = checkEventsAgainstNames(
      [
        { name: 'buy', properties: { price: 1, note: 'x' } },
        { name: 'open', properties: {} },
      ],
      known({ buy: { price: 'number' } }),
    );
    expect(r).toEqual({
      additions: new Map([
        ['buy', { note: 'string' }],
        ['open', {}],
      ]),
    });
    expect(
      checkEventsAgainstNames(
        [{ name: 'buy', properties: { price: 2 } }],
        known({ buy: { price: 'number' } }),
      ),
    ).toEqual({ additions: new Map() });
  });

  it('refuses a property of another type than its first use, stored or earlier in the call', () => {
    expect(
      checkEventsAgainstNames(
        [{ name: 'buy', properties: { price: '1' } }],
        known({ buy: { price: 'number' } }),
      ),
    ).toEqual({
      problem: { field: 'events.0.properties.price', message: 'must be a number, as first reported' },
    });
    expect(
      checkEventsAgainstNames(
        [
          { name: 'new', properties: { on: true } },
          { name: 'new', properties: { on: 1 } },
        ],
        known({}),
      ),
    ).toEqual({
      problem: { field: 'events.1.properties.on', message: 'must be a boolean, as first reported' },
    });
  });

  it('refuses a new name beyond the app’s limit, and a new key beyond the name’s', () => {
    const full = known(
      Object.fromEntries(Array.from({ length: CUSTOM_EVENT_LIMITS.namesPerApp }, (_, i) => [`e${i}`, {}])),
    );
    expect(
      checkEventsAgainstNames(
        [
          { name: 'e1', properties: {} },
          { name: 'x', properties: {} },
        ],
        full,
      ),
    ).toEqual({
      problem: { field: 'events.1.name', message: 'is a new event name beyond the app’s 200' },
    });
    const wide = known({
      w: Object.fromEntries(
        Array.from({ length: CUSTOM_EVENT_LIMITS.propertyKeysPerName }, (_, i) => [`k${i}`, 'number']),
      ),
    });
    expect(checkEventsAgainstNames([{ name: 'w', properties: { k1: 1, more: 1 } }], wide)).toEqual({
      problem: { field: 'events.0.properties.more', message: 'is a new property beyond the event’s 100' },
    });
  });
});
