import { GAID_PATTERN } from '../limits';
import {
  DEVICE_EVENT_LIMITS as LIMITS,
  DeviceEvents,
  DeviceHeartbeat,
  EVENT_TYPES,
  type DeviceEvent,
  type DeviceEvents as DeviceEventsOut,
  type DeviceHeartbeat as DeviceHeartbeatOut,
} from './devices';

/**
 * Fast paths of the device API's two hottest bodies (a broadcast brings every device's events and heartbeats): each
 * answers what the zod schema would answer for the bodies SDKs send, or undefined for anything else, which the schema
 * then judges (its value, or its errors naming the field). They never accept what the schema refuses, nor answer a
 * value it would not: devices-fast.test.ts compares the two over generated bodies, valid and not. zod's parse was ≈ 7 %
 * of an events call's CPU in the device API (a CPU profile of `npm run bench -- ingest`, 2026-12-05).
 */
const TYPES: ReadonlySet<string> = new Set(EVENT_TYPES);
const EVENT_KEYS = ['type', 'msgId', 'ts', 'reason', 'recovered'];

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** How many keys `v` has when each is one of `allowed`; undefined when one is not (the schemas are strict). */
function keysWithin(v: Record<string, unknown>, allowed: readonly string[]): number | undefined {
  let keys = 0;
  for (const k in v) {
    if (!allowed.includes(k)) return undefined;
    keys++;
  }
  return keys;
}

/** A well-formed gaid, lower-cased (the schema's transform); undefined otherwise. */
function gaidOf(v: unknown): string | undefined {
  return typeof v === 'string' && GAID_PATTERN.test(v) ? v.toLowerCase() : undefined;
}

function eventOf(v: unknown, latest: number): DeviceEvent | undefined {
  if (!isPlainObject(v)) return undefined;
  const keys = keysWithin(v, EVENT_KEYS);
  if (keys === undefined) return undefined;
  const { type, msgId, ts, reason, recovered } = v;
  if (typeof type !== 'string' || !TYPES.has(type)) return undefined;
  let id: string;
  if (typeof msgId === 'number' && Number.isSafeInteger(msgId) && msgId > 0) id = String(msgId);
  else if (typeof msgId === 'string' && LIMITS.msgIdText.test(msgId)) id = msgId;
  else return undefined;
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts) || ts < LIMITS.tsMin || ts > latest)
    return undefined;
  const out = { type, msgId: id, ts } as DeviceEvent;
  let seen = 3;
  if (reason !== undefined) {
    if (typeof reason !== 'number' || !Number.isInteger(reason) || reason < 0 || reason > LIMITS.reasonMax)
      return undefined;
    out.reason = reason;
    seen++;
  }
  if (recovered !== undefined) {
    if (typeof recovered !== 'boolean' || (recovered && type !== 'received')) return undefined;
    out.recovered = recovered;
    seen++;
  }
  // a key present with the value undefined (not from JSON) is left to the schema
  return seen === keys ? out : undefined;
}

/** An events body as DeviceEvents parses it, or undefined for the schema to judge. */
export function fastDeviceEvents(body: unknown): DeviceEventsOut | undefined {
  if (!isPlainObject(body)) return undefined;
  const keys = keysWithin(body, ['gaid', 'events']);
  const gaid = gaidOf(body.gaid);
  const list = body.events;
  if (
    keys !== 2 ||
    gaid === undefined ||
    !Array.isArray(list) ||
    list.length < 1 ||
    list.length > LIMITS.eventsMax
  )
    return undefined;
  const latest = Date.now() + LIMITS.aheadMs;
  const events: DeviceEvent[] = [];
  for (const e of list) {
    const event = eventOf(e, latest);
    if (!event) return undefined;
    events.push(event);
  }
  return { gaid, events };
}

/** A heartbeat body as DeviceHeartbeat parses it, or undefined for the schema to judge. */
export function fastDeviceHeartbeat(body: unknown): DeviceHeartbeatOut | undefined {
  if (!isPlainObject(body)) return undefined;
  const keys = keysWithin(body, ['gaid', 'notificationsEnabled']);
  const gaid = gaidOf(body.gaid);
  const enabled = body.notificationsEnabled;
  if (keys !== 2 || gaid === undefined || typeof enabled !== 'boolean') return undefined;
  return { gaid, notificationsEnabled: enabled };
}

/** The fast path of a schema, for the server's route validator (none: the schema alone). */
export function fastParserOf(schema: unknown): ((body: unknown) => unknown) | undefined {
  if (schema === DeviceEvents) return fastDeviceEvents;
  if (schema === DeviceHeartbeat) return fastDeviceHeartbeat;
  return undefined;
}
