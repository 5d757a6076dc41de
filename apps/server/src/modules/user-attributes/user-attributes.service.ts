import {
  resolveAttributeWrite,
  type AttributeIssue,
  type AttributeType,
  type AttributeValue,
  type AttributeWrite,
  type UserAttributesBody,
  type UserNameBody,
} from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import { deviceNotRegistered } from '../../lib/device-not-registered';
import { WriteBatcher, type WriteBatcherObserver } from '../../lib/write-batcher';
import type { AttributesTx, UserAttributesRepository, UserPatch } from './user-attributes.repository';

export interface UserAttributesServiceOptions {
  maxBatch?: number;
  maxDelayMs?: number;
  /** whether a failed flush may be one item's fault (devices.service.ts mayBeRowError) */
  mayIsolate?: (err: unknown) => boolean;
  /** The observer of each group-commit batcher's flushes (metrics), by the batcher's name. */
  flushObserver?: (batcher: 'user' | 'attributes') => WriteBatcherObserver;
}

interface AttributesItem {
  appId: number;
  gaid: string;
  attributes: UserAttributesBody['attributes'];
}

/** An attributes call's outcome in its flush: written, its device unknown, or refused (a 400 naming the fields). */
type AttributesOutcome =
  { ok: true } | { ok: false; notFound: true } | { ok: false; issues: AttributeIssue[] };

/** How long a process trusts the definitions it read before a write (the flush reads them again under the lock). */
const DEFINITIONS_TTL_MS = 30_000;

/** How often a process asks to move a key's last write; the statement itself moves it at most once a minute. */
const WRITTEN_EVERY_MS = 60_000;
/** The most keys whose last write a process remembers; past it, it forgets them all. */
const WRITTEN_MEMORY_MAX = 100_000;

const key = (appId: number, gaid: string) => `${appId}:${gaid}`;

/** A flush found keys new to an app it held shared: it runs again holding those apps exclusively. */
class NeedsExclusive extends Error {
  constructor(readonly appIds: number[]) {
    super('attribute definitions change');
  }
}

/**
 * Users and their attributes (issue 33 §1): the device API's naming and attribute writes, each through its own group
 * commit. A write is checked against the app's definitions (cached 30 s)
 * before it joins a batch, so a bad key is that call's 400; the flush checks again against the definitions it reads
 * under the app's definition lock, and a call refused there fails alone, never its batch.
 */
export class UserAttributesService {
  private readonly names: WriteBatcher<UserNameBody & { appId: number }, boolean>;
  private readonly writes: WriteBatcher<AttributesItem, AttributesOutcome>;
  private readonly cache = new Map<number, { defs: Map<string, AttributeType>; until: number }>();
  /** When this process last asked to move a key's last write (`app:key` → ms). */
  private readonly writtenAt = new Map<string, number>();

  constructor(
    private readonly repo: UserAttributesRepository,
    opts: UserAttributesServiceOptions = {},
  ) {
    const batch = {
      maxBatch: opts.maxBatch ?? 1000,
      maxDelayMs: opts.maxDelayMs ?? 10,
      ...(opts.mayIsolate ? { mayIsolate: opts.mayIsolate } : {}),
    };
    const observed = (batcher: 'user' | 'attributes') =>
      opts.flushObserver ? { ...batch, observer: opts.flushObserver(batcher) } : batch;
    const concurrency = repo.parallelTransactions ? 3 : 1;
    this.names = new WriteBatcher(
      async (rows) => {
        const last = new Map(rows.map((r) => [key(r.appId, r.gaid), r]));
        const found = await this.repo.name([...last.values()]);
        const set = new Set(found.map((d) => key(d.appId, d.gaid)));
        return rows.map((r) => set.has(key(r.appId, r.gaid)));
      },
      { ...observed('user'), concurrency },
    );
    this.writes = new WriteBatcher((items) => this.flushWrites(items), {
      ...observed('attributes'),
      concurrency,
    });
  }

  /** Names the device's user (null: signed out); 404 for a device never registered. */
  async name(appId: number, body: UserNameBody): Promise<void> {
    if (!(await this.names.add({ appId, ...body }))) throw deviceNotRegistered();
  }

  /** Sets and unsets attributes of the device's user; 400 naming each refused field, 404 for an unknown device. */
  async setAttributes(appId: number, body: UserAttributesBody): Promise<void> {
    let { issues } = resolveAttributeWrite(body.attributes, await this.definitionsOf(appId));
    // refused by what this process remembers: asked again of the database (a deletion elsewhere frees a key or a slot)
    if (issues.length)
      ({ issues } = resolveAttributeWrite(body.attributes, await this.definitionsOf(appId, true)));
    if (issues.length) throw refused(issues);
    const outcome = await this.writes.add({ appId, gaid: body.gaid, attributes: body.attributes });
    if (outcome.ok) return;
    if ('notFound' in outcome) throw deviceNotRegistered();
    throw refused(outcome.issues);
  }

  async drain(): Promise<void> {
    await Promise.all([this.names.drain(), this.writes.drain()]);
  }

  private async definitionsOf(appId: number, fresh = false): Promise<Map<string, AttributeType>> {
    const hit = this.cache.get(appId);
    if (hit && hit.until > Date.now() && !fresh) return hit.defs;
    const defs = new Map((await this.repo.definitions([appId])).map((d) => [d.key, d.type]));
    this.cache.set(appId, { defs, until: Date.now() + DEFINITIONS_TTL_MS });
    return defs;
  }

  /**
   * One flush: under each app's definition lock (exclusive where a call defines a key), the calls are checked in order
   * against the definitions read there, the new keys defined, the devices' users found (anonymous ones made), and one
   * merged patch written per user.
   */
  private async flushWrites(items: AttributesItem[]): Promise<AttributesOutcome[]> {
    const exclusive = new Set<number>();
    for (const item of items) {
      const cached = this.cache.get(item.appId)?.defs;
      if (!cached || Object.keys(item.attributes).some((k) => item.attributes[k] !== null && !cached.has(k)))
        exclusive.add(item.appId);
    }
    for (;;) {
      try {
        return await this.repo.transaction((tx) => this.writeUnderLocks(tx, items, exclusive));
      } catch (err) {
        if (!(err instanceof NeedsExclusive)) throw err;
        for (const appId of err.appIds) exclusive.add(appId);
      }
    }
  }

  private async writeUnderLocks(
    tx: AttributesTx,
    items: AttributesItem[],
    exclusive: ReadonlySet<number>,
  ): Promise<AttributesOutcome[]> {
    const appIds = [...new Set(items.map((i) => i.appId))];
    await this.repo.lockDefinitions(
      tx,
      appIds.map((appId) => ({ appId, exclusive: exclusive.has(appId) })),
    );
    const defs = new Map(appIds.map((a) => [a, new Map<string, AttributeType>()]));
    for (const d of await this.repo.definitions(appIds, tx)) defs.get(d.appId)?.set(d.key, d.type);
    // the devices first: a call of an unknown device defines nothing
    const unique = [...new Map(items.map((i) => [key(i.appId, i.gaid), i])).values()];
    const devices = new Map((await this.repo.lockDevices(tx, unique)).map((d) => [key(d.appId, d.gaid), d]));

    const outcomes: AttributesOutcome[] = [];
    const accepted: Array<{ item: AttributesItem; write: AttributeWrite }> = [];
    const defined: Array<{ appId: number; key: string; type: AttributeType }> = [];
    for (const item of items) {
      if (!devices.has(key(item.appId, item.gaid))) {
        outcomes.push({ ok: false, notFound: true });
        continue;
      }
      const appDefs = defs.get(item.appId)!;
      const { write, issues } = resolveAttributeWrite(item.attributes, appDefs);
      if (issues.length) {
        outcomes.push({ ok: false, issues });
        continue;
      }
      if (write.defines.length && !exclusive.has(item.appId)) throw new NeedsExclusive([item.appId]);
      for (const [k, type] of write.defines) {
        appDefs.set(k, type);
        defined.push({ appId: item.appId, key: k, type });
      }
      accepted.push({ item, write });
      outcomes.push({ ok: true });
    }
    await this.repo.define(tx, defined);
    const until = Date.now() + DEFINITIONS_TTL_MS;
    for (const appId of appIds) this.cache.set(appId, { defs: defs.get(appId)!, until });

    // a device with no user gets an anonymous one on its first write
    const bare = new Map<string, { appId: number; deviceId: string }>();
    for (const { item } of accepted) {
      const d = devices.get(key(item.appId, item.gaid))!;
      if (d.userId === null) bare.set(d.deviceId, { appId: d.appId, deviceId: d.deviceId });
    }
    const byId = new Map([...devices.values()].map((d) => [d.deviceId, d]));
    for (const made of await this.repo.makeAnonymous(tx, [...bare.values()]))
      byId.get(made.deviceId)!.userId = made.userId;

    // one patch per user, the calls applied in order (devices sharing a user meet here)
    const patches = new Map<string, { set: Record<string, AttributeValue>; unset: Set<string> }>();
    // a key's last write moves at most once a minute: asked by this process once a minute per key, not every flush
    const written = new Map<string, { appId: number; key: string }>();
    const now = Date.now();
    for (const { item, write } of accepted) {
      const userId = devices.get(key(item.appId, item.gaid))!.userId!;
      let p = patches.get(userId);
      if (!p) patches.set(userId, (p = { set: {}, unset: new Set() }));
      for (const [k, v] of Object.entries(write.set)) {
        p.set[k] = v;
        p.unset.delete(k);
        const wk = `${item.appId}:${k}`;
        if ((this.writtenAt.get(wk) ?? 0) < now - WRITTEN_EVERY_MS)
          written.set(wk, { appId: item.appId, key: k });
      }
      for (const k of write.unset) {
        delete p.set[k];
        p.unset.add(k);
      }
    }
    const rows: UserPatch[] = [...patches].map(([userId, p]) => ({
      userId,
      set: p.set,
      unset: [...p.unset],
    }));
    await this.repo.patch(tx, rows, [...written.values()]);
    if (this.writtenAt.size > WRITTEN_MEMORY_MAX) this.writtenAt.clear();
    for (const wk of written.keys()) this.writtenAt.set(wk, now);
    return outcomes;
  }
}

/** A 400 naming every refused field (the first in the message), each localised as any field error is. */
function refused(issues: AttributeIssue[]): ApiError {
  const first = fieldError(issues[0]!.field, issues[0]!.message);
  return new ApiError(first.code, first.detail, { fields: issues });
}
