import os from 'node:os';
import { SYSTEM_STATUS_LIMITS, type ProcessRole } from '@beacon/shared';
import type { Database } from '../db/client';

export interface ProcessRegistryOptions {
  roles: ProcessRole[];
  version: string;
  /** the host's name (default: os.hostname()) */
  host?: string;
  /** told when a heartbeat fails (the database unreachable for a while: the next one writes the row again) */
  onError?: (err: unknown) => void;
  heartbeatMs?: number;
  /**
   * No other process can be running on this database (PGlite: one process holds its folder): the rows left by
   * earlier starts go at once instead of showing as not answering for a day.
   */
  exclusive?: boolean;
}

/** How long a stopping process waits to delete its row. */
const CLOSE_WAIT_MS = 2000;

export interface RunningRegistration {
  /** host:pid:start, this process's row */
  readonly id: string;
  close(): Promise<void>;
}

/**
 * This process's row of `beacon_processes` (migration 0065), for the platform's System status: written at start,
 * its `seen_at` moved every SYSTEM_STATUS_LIMITS.heartbeatSeconds, deleted when the process stops. Each heartbeat also
 * deletes the rows of processes silent for SYSTEM_STATUS_LIMITS.forgetAfterSeconds (stopped without saying so).
 */
export async function registerProcess(
  database: Pick<Database, 'query'>,
  opts: ProcessRegistryOptions,
): Promise<RunningRegistration> {
  const host = opts.host ?? os.hostname();
  const id = `${host}:${process.pid}:${Date.now().toString(36)}`;
  const beat = () =>
    database.query(
      `WITH gone AS (
         DELETE FROM beacon_processes WHERE seen_at < now() - make_interval(secs => $6) AND id <> $1
       )
       INSERT INTO beacon_processes (id, host, pid, roles, version) VALUES ($1, $2, $3, $4::text[], $5)
       ON CONFLICT (id) DO UPDATE SET seen_at = now()`,
      [id, host, process.pid, opts.roles, opts.version, SYSTEM_STATUS_LIMITS.forgetAfterSeconds],
    );
  if (opts.exclusive) await database.query('DELETE FROM beacon_processes');
  await beat();
  let beating: Promise<unknown> | undefined;
  const timer = setInterval(
    () => {
      beating ??= beat()
        .catch((err: unknown) => opts.onError?.(err))
        .finally(() => (beating = undefined));
    },
    opts.heartbeatMs ?? SYSTEM_STATUS_LIMITS.heartbeatSeconds * 1000,
  );
  timer.unref();
  return {
    id,
    close: async () => {
      clearInterval(timer);
      // after a heartbeat in flight; at most CLOSE_WAIT_MS, so that a database out of reach (a host cut off) never
      // holds the process's stop: its row then shows it as not answering until another process forgets it
      const remove = (beating ?? Promise.resolve()).then(() =>
        database.query('DELETE FROM beacon_processes WHERE id = $1', [id]),
      );
      await Promise.race([
        remove.catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref()),
      ]);
    },
  };
}
