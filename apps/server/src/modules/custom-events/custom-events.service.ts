import {
  checkEventsAgainstNames,
  CUSTOM_EVENT_LIMITS,
  type EventProblem,
  type TrackBody,
} from '@beacon/shared';
import { fieldError } from '../../lib/api-error';
import { WriteBatcher } from '../../lib/write-batcher';
import { deviceNotRegistered } from '../../lib/device-not-registered';
import { mayBeRowError } from '../devices';
import type {
  CustomEventRow,
  CustomEventsRepository,
  NameRecord,
  StoredCustomEvent,
} from './custom-events.repository';

/** How long a process trusts its copy of an app's names (another process's new name or deletion shows within it). */
const NAMES_TTL_MS = 30_000;
/** Apps whose names a process keeps at most (then it forgets them all). */
const NAMES_MEMORY_MAX = 10_000;

interface TrackItem {
  appId: number;
  gaid: string;
  events: Array<Omit<CustomEventRow, 'item' | 'appId' | 'gaid'>>;
}

/**
 * Where accepted custom events go once stored: the one place a later consumer (journeys started by an event) hooks
 * in. Told after each flush commits, with the events it newly stored (never a repeat), per app.
 */
export interface CustomEventsObserver {
  stored(appId: number, events: StoredCustomEvent[]): void;
}

export interface CustomEventsIngestOptions {
  maxBatch?: number;
  maxDelayMs?: number;
  /** flushes at once (default 3 on PostgreSQL, 1 on PGlite) */
  flushes?: number;
  /** told the newly stored events of every flush (after the counting is kicked) */
  observer?: CustomEventsObserver;
}

/**
 * The device API's custom events (`POST /sdk/v1/track`): checks a call against the app's names (cached per
 * process, 30 s), adds its new names and property types (one app at a time), then stores its events through a
 * group commit — one statement per flush for every call that rides it; a call refused by its own events never
 * reaches the batch, and a flush the database refuses is bisected, so one call's failure is its own.
 */
export class CustomEventsIngest {
  private readonly cache = new Map<number, { names: Map<string, NameRecord>; until: number }>();
  private readonly batcher: WriteBatcher<TrackItem, boolean>;

  constructor(
    private readonly repo: CustomEventsRepository,
    /** the counting of what a flush queued (kicked after it commits) */
    private readonly counting: { kick(): void },
    opts: CustomEventsIngestOptions = {},
  ) {
    const { observer } = opts;
    this.batcher = new WriteBatcher<TrackItem, boolean>(
      async (items) => {
        const rows = items.flatMap((it, item) =>
          it.events.map((e) => ({ ...e, item, appId: it.appId, gaid: it.gaid })),
        );
        const { found, stored } = await this.repo.insert(rows);
        if (stored.length > 0) {
          this.counting.kick();
          if (observer)
            for (const [appId, events] of storedByApp(rows, stored)) observer.stored(appId, events);
        }
        return items.map((_, i) => found.has(i));
      },
      {
        maxBatch: opts.maxBatch ?? 100,
        maxDelayMs: opts.maxDelayMs ?? 10,
        mayIsolate: mayBeRowError,
        concurrency: opts.flushes ?? (repo.parallelTransactions ? 3 : 1),
      },
    );
  }

  /**
   * Accepts a call's events (valid by the contract): 400 naming the first event field the app's names refuse (a
   * new name beyond the limit, a property of another type than its name fixed), 404 for a device the app never
   * registered. Returns how many events the call carried (a repeat of a stored event is accepted and stored once).
   */
  async track(appId: number, body: TrackBody, now: number = Date.now()): Promise<{ accepted: number }> {
    const names = await this.namesFor(appId, body);
    const item: TrackItem = {
      appId,
      gaid: body.gaid,
      events: body.events.flatMap((e) => {
        const nameId = names.get(e.name)?.id;
        return nameId === undefined ? [] : [{ nameId, at: new Date(e.at ?? now), properties: e.properties }];
      }),
    };
    if (!(await this.batcher.add(item))) throw notRegistered();
    return { accepted: body.events.length };
  }

  /** The app's names once the call's new ones are added; refuses the call (400) on its first problem. */
  private async namesFor(appId: number, body: TrackBody): Promise<Map<string, NameRecord>> {
    let names = await this.cached(appId);
    let checked = checkEventsAgainstNames(body.events, names);
    if ('problem' in checked) {
      // the copy may be behind another process's deletion: judge by the database's names before refusing
      names = await this.load(appId);
      checked = checkEventsAgainstNames(body.events, names);
      if ('problem' in checked) throw refusal(checked.problem);
    }
    if (checked.additions.size === 0) return names;
    // a new name or key is written at once, not with the batch: only for a device the app has (else 404, as ever)
    if (!(await this.repo.hasDevice(appId, body.gaid))) throw notRegistered();
    const added = await this.repo.addNames(appId, checked.additions, CUSTOM_EVENT_LIMITS.namesPerApp);
    names = this.remember(appId, added.names);
    // another process may have added names or typed keys meanwhile: the stored ones decide
    const again = checkEventsAgainstNames(body.events, names);
    if ('problem' in again) throw refusal(again.problem);
    return names;
  }

  private async cached(appId: number): Promise<Map<string, NameRecord>> {
    const hit = this.cache.get(appId);
    if (hit && hit.until > Date.now()) return hit.names;
    return this.load(appId);
  }

  private async load(appId: number): Promise<Map<string, NameRecord>> {
    return this.remember(appId, await this.repo.names(appId));
  }

  private remember(appId: number, rows: NameRecord[]): Map<string, NameRecord> {
    const names = new Map(rows.map((r) => [r.name, r]));
    if (this.cache.size >= NAMES_MEMORY_MAX) this.cache.clear();
    this.cache.set(appId, { names, until: Date.now() + NAMES_TTL_MS });
    return names;
  }

  /** Forgets an app's names in this process (after the console deleted one). */
  forget(appId: number): void {
    this.cache.delete(appId);
  }

  /** Waits until every call added so far is written. */
  async drain(): Promise<void> {
    await this.batcher.drain();
  }
}

const refusal = (p: EventProblem) => fieldError(p.field, p.message);
const notRegistered = deviceNotRegistered;

/** The newly stored events of a flush, by app (a name id belongs to one app). */
function storedByApp(
  rows: ReadonlyArray<{ appId: number; nameId: number }>,
  stored: StoredCustomEvent[],
): Map<number, StoredCustomEvent[]> {
  const appOfName = new Map(rows.map((r) => [r.nameId, r.appId]));
  const out = new Map<number, StoredCustomEvent[]>();
  for (const e of stored) {
    const appId = appOfName.get(e.nameId);
    if (appId === undefined) continue;
    const list = out.get(appId) ?? [];
    list.push(e);
    out.set(appId, list);
  }
  return out;
}
