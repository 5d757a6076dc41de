// The embedded database's memory. PGlite runs PostgreSQL inside this process, in a WebAssembly memory that only
// grows and is never handed back: what PostgreSQL allocates stays resident for the life of the process, and its
// shared memory is zeroed, so resident, from the start. Its stock settings are a server's (shared_buffers 128 MB,
// shared memory sized for 100 connections, maintenance_work_mem 64 MB) for what is one backend in single-user mode
// here; these keep `npm start` within its memory budget (docs/operations.md, "Memory of the embedded database").
import { PGlite } from '@electric-sql/pglite';

/** PostgreSQL settings of every PGlite database, given at start (`-c name=value`; not written to the data folder). */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  // the page cache inside the WASM memory (stock 128 MB): a page it misses is read from the data folder's file, which
  // the OS caches outside this process
  shared_buffers: '32MB',
  // the most one VACUUM (the upkeep's, db/pglite-upkeep.ts) or CREATE INDEX (migrations) takes (stock 64 MB)
  maintenance_work_mem: '16MB',
  // one backend: the per-connection shared memory (process slots) for 10 instead of 100; the lock table keeps its
  // stock room, max_locks_per_transaction × max_connections = 6,400 locks
  max_connections: '10',
  max_locks_per_transaction: '640',
};

/** PGlite's own start parameters (single-user mode and its other defaults), then PGLITE_SETTINGS. */
export function pgliteStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams,
    ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
}
