import { AsyncLocalStorage } from 'node:async_hooks';
import type { ReplicaStatus } from '@beacon/shared';
import pg from 'pg';

/**
 * Reads off the primary (DATABASE_READ_URL, docs/scaling.md): reports, exports, audience estimates and list screens
 * read a streaming replica, except where the reader must see a write the replica has not replayed yet.
 *
 * Each console request runs in a `ReadContext`. A statement that writes, run on the primary inside it, marks it: the
 * rest of that request reads the primary, and its answer carries the primary's WAL position (cookie `beacon_wal`).
 * The browser's next requests bring that position back — to whichever API host they reach — and read the replica only
 * once it has replayed that far. So a screen the user just changed reads its own write, and everyone else's reads
 * stay on the replica.
 */
export interface ReadContext {
  /** A statement of this request wrote on the primary. */
  wrote: boolean;
  /** The WAL position the reader has seen written (from the `beacon_wal` cookie), as a number. */
  minLsn?: bigint | undefined;
}

export const readContext = new AsyncLocalStorage<ReadContext>();

/** `16/B374D848` (pg_lsn's text) → its 64-bit number; undefined for anything else. */
export function parseLsn(text: string | null | undefined): bigint | undefined {
  const m = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text ?? '');
  if (!m) return undefined;
  return (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`);
}

const READ_ONLY = /^\s*(select|show|explain|values|begin|commit|rollback|set|reset|deallocate)\b/i;
const WRITING =
  /\b(insert|update|delete|merge|truncate|create|alter|drop|copy|refresh|vacuum|lock|nextval|setval)\b/i;

/** Whether a statement may write: anything but a plain read (a WITH … is a read unless one of its parts writes). */
export function mayWrite(text: string): boolean {
  if (READ_ONLY.test(text))
    return /^\s*select\b/i.test(text)
      ? /\b(nextval|next_message_id)\s*\(|\bfor\s+update\b/i.test(text)
      : false;
  if (/^\s*with\b/i.test(text)) return WRITING.test(text);
  return true;
}

/** Marks the current request as having written, when `text` may write. */
export function noteStatement(text: string): void {
  const ctx = readContext.getStore();
  if (ctx && !ctx.wrote && mayWrite(text)) ctx.wrote = true;
}

type QueryArgs = Parameters<pg.Client['query']>;

/** A pg client that tells the request's ReadContext when it runs a statement that writes (the primary's pool). */
export class WriteNotingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (text) noteStatement(text);
    return (super.query as (...a: unknown[]) => never)(...(args as QueryArgs));
  }
}

export interface ReplicaState {
  /** Whether a read of the current context may go to the replica. */
  useReplica(): boolean;
  /**
   * The primary's WAL insert position (after a write: what the writer's next reads must see). Not
   * `pg_current_wal_lsn()`, the written-out position: with synchronous_commit off a commit returns before its record
   * is written, and a reader given that position read the replica without the write.
   */
  primaryLsn(): Promise<string | undefined>;
  /** The replica's last replayed position, as polled (undefined: unknown or the replica is unreachable). */
  replayedLsn(): bigint | undefined;
  stop(): void;
}

/**
 * Follows the replica's replay position (polled every `pollMs`) and decides, per read, where it goes: the primary
 * when the request wrote, when the replica has not replayed the reader's last write, or when the replica does not
 * answer; the replica otherwise.
 */
export function followReplica(primary: pg.Pool, replica: pg.Pool, pollMs = 100): ReplicaState {
  let replayed: bigint | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const poll = async () => {
    try {
      const { rows } = await replica.query<{ lsn: string | null }>(
        'SELECT pg_last_wal_replay_lsn()::text AS lsn',
      );
      replayed = parseLsn(rows[0]?.lsn);
    } catch {
      replayed = undefined;
    }
    if (!stopped) timer = setTimeout(() => void poll(), pollMs).unref();
  };
  void poll();
  return {
    useReplica: () => {
      if (replayed === undefined) return false;
      const ctx = readContext.getStore();
      if (!ctx) return true;
      if (ctx.wrote) return false;
      return ctx.minLsn === undefined || replayed >= ctx.minLsn;
    },
    primaryLsn: async () => {
      const { rows } = await primary.query<{ lsn: string }>(
        'SELECT pg_current_wal_insert_lsn()::text AS lsn',
      );
      return rows[0]?.lsn;
    },
    replayedLsn: () => replayed,
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/**
 * The replica as the platform's System status shows it: whether it answers, how many WAL bytes it has not replayed
 * (the primary's insert position, as for the writers' reads above, less its replayed one), and how long ago the last
 * commit it replayed was made on the primary (grows while the primary commits nothing, too: read it beside the bytes).
 */
export async function replicaStatus(primary: pg.Pool, replica: pg.Pool): Promise<ReplicaStatus> {
  let replayed: { lsn: string | null; ago: number | null } | undefined;
  try {
    const { rows } = await replica.query<{ lsn: string | null; ago: number | null }>(
      `SELECT pg_last_wal_replay_lsn()::text AS lsn,
              EXTRACT(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 AS ago`,
    );
    replayed = rows[0];
  } catch {
    return { reachable: false, bytesBehind: null, lastReplayAgoSeconds: null };
  }
  let bytesBehind: number | null = null;
  if (replayed?.lsn) {
    const { rows } = await primary.query<{ behind: string | null }>(
      'SELECT GREATEST(0, pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1::pg_lsn))::text AS behind',
      [replayed.lsn],
    );
    bytesBehind = rows[0]?.behind === null || rows[0] === undefined ? null : Number(rows[0].behind);
  }
  return {
    reachable: true,
    bytesBehind,
    lastReplayAgoSeconds: replayed?.ago === null || replayed === undefined ? null : Math.max(0, replayed.ago),
  };
}
