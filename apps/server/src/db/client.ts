import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './pglite-lock';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { pgliteStartParams } from './pglite-settings';
import { poolTarget } from './hosts';
import { followReplica, mayWrite, replicaStatus, WriteNotingClient } from './read-routing';
import type { ReplicaStatus } from '@beacon/shared';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The database handle every repository receives: Drizzle plus raw SQL, on PGlite or a PostgreSQL server. */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /** The connection string of a PostgreSQL server database (for other processes, e.g. workers). */
  readonly url?: string;
  readonly db: Db;
  /** Runs one or more statements without parameters (migrations). */
  exec(sqlText: string): Promise<void>;
  /** Runs one or more statements without parameters and returns the rows of the last one. */
  execRows(sqlText: string): Promise<Record<string, unknown>[]>;
  /**
   * Runs one parameterised statement and returns its rows. `opts.prepared`: a hot statement whose text never varies
   * (the device API's flushes) is prepared once per PostgreSQL connection and then only bound and executed — no
   * parsing or planning per call; never for SQL built from values, since each distinct text stays prepared.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], opts?: QueryOptions): Promise<T[]>;
  /** Runs `fn` on one dedicated connection (session-level locks, multi-statement work). */
  withConnection<T>(fn: (conn: Pick<Database, 'exec' | 'query'>) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` in one transaction (committed when it resolves, rolled back when it throws). On PGlite no other
   * statement runs meanwhile; on PostgreSQL it holds one pooled connection.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Where reads that may lag go (reports, exports, audience estimates, list screens): with DATABASE_READ_URL, a
   * replica unless this request must see a write it has not replayed (db/read-routing.ts); otherwise absent — read
   * this database (`database.reads ?? database`). Its writes, transactions and dedicated connections are the primary's.
   */
  reads?: Database;
  /** With a replica: the primary's WAL insert position (`pg_current_wal_insert_lsn()`), what a writer's reads must see. */
  primaryLsn?(): Promise<string | undefined>;
  /** With a replica: whether it answers, the WAL bytes it has not replayed, and how old its last replayed commit is. */
  replicaStatus?(): Promise<ReplicaStatus>;
  /** PGlite: its data folder as a tarball, which `loadDataDir` starts another database from (the tests' template). */
  dumpDataDir?(): Promise<Blob>;
  /** The connection pool's figures on a PostgreSQL server (metrics); PGlite has one connection and none. */
  poolStats?(): PoolStats;
  /** PGlite: the bytes of its WebAssembly memory, the embedded PostgreSQL's whole address space (it only grows). */
  wasmMemoryBytes?(): number;
}

/** node-postgres's pool: connections open, idle among them, callers waiting for one, and the most it opens. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface QueryOptions {
  prepared?: boolean;
}

const statementNames = new Map<string, string>();

/** The config of a query for node-postgres: named (prepared once per connection, by its text's hash) when asked. */
function pgQuery(text: string, params: unknown[] | undefined, opts: QueryOptions | undefined) {
  if (!opts?.prepared) return { text, values: params };
  let name = statementNames.get(text);
  if (!name) {
    name = `b${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return { name, text, values: params };
}

/** What a statement runs on: the database, one connection, or a transaction. */
export type Queryable = Pick<Database, 'query'>;

export interface DatabaseOptions {
  /** postgres://… for a PostgreSQL server; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data folder; omitted = in memory. */
  dataDir?: string | undefined;
  /** PGlite in memory: start from this tarball of a data folder (`dumpDataDir`) instead of an empty database. */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
  /** postgres://… of a streaming replica of `url`, for `reads`. */
  readUrl?: string | undefined;
}

/**
 * A connection checked out of the pool has no error listener (the pool takes its own off while the connection is
 * held), so a server that ends the connection between two statements — a restart, `pg_terminate_backend` — would
 * emit an unhandled 'error' and end the process. This listens while the connection is held; the next statement
 * fails with the error instead, and `lost()` tells the release to discard the connection rather than pool it.
 */
function holdConnection(conn: pg.PoolClient): () => boolean {
  let error: Error | undefined;
  const onError = (err: Error) => {
    error = err;
  };
  conn.on('error', onError);
  return () => {
    conn.removeListener('error', onError);
    if (error) conn.on('error', () => undefined); // the socket may still report its close after the release
    return error !== undefined;
  };
}

function poolDatabase(pool: pg.Pool, url: string, max: number): Database {
  return {
    kind: 'postgres',
    url,
    db: drizzlePg(pool, { schema }),
    exec: async (text) => {
      await pool.query(text);
    },
    execRows: async (text) => rowsOfLast(await pool.query(text)),
    query: async <T>(text: string, params?: unknown[], opts?: QueryOptions) =>
      (await pool.query(pgQuery(text, params, opts))).rows as T[],
    withConnection: async (fn) => {
      const conn = await pool.connect();
      const lost = holdConnection(conn);
      try {
        return await fn({
          exec: async (text) => {
            await conn.query(text);
          },
          query: async <T>(text: string, params?: unknown[]) => (await conn.query(text, params)).rows as T[],
        });
      } finally {
        conn.release(lost());
      }
    },
    transaction: async (fn) => {
      const conn = await pool.connect();
      const lost = holdConnection(conn);
      let broken = false;
      try {
        await conn.query('BEGIN');
        const out = await fn({
          query: async <T>(text: string, params?: unknown[], opts?: QueryOptions) =>
            (await conn.query(pgQuery(text, params, opts))).rows as T[],
        });
        await conn.query('COMMIT');
        return out;
      } catch (err) {
        await conn.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw err;
      } finally {
        conn.release(broken || lost());
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
  };
}

/** The rows of a simple query's last statement (several statements answer one result each). */
function rowsOfLast(res: pg.QueryResult | pg.QueryResult[]): Record<string, unknown>[] {
  const last = Array.isArray(res) ? res.at(-1) : res;
  return (last?.rows ?? []) as Record<string, unknown>[];
}

/**
 * A failure of the replica rather than of the statement: unreachable (refused, reset, shut down, starting up), or a
 * read cancelled by its replay (40001, a hot standby's "conflict with recovery"). The read then runs on the primary.
 */
function isReplicaFailure(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return true;
  return /^(08|57P0[1-3]|40001$)/.test(code) || /^E[A-Z]+$/.test(code);
}

/** How long a transaction may wait for its client's next statement before the server ends it (ms). */
const IDLE_IN_TRANSACTION_MS = 15_000;

/** Opens PGlite (embedded) or a pool on a PostgreSQL server. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const max = opts.poolSize ?? 10;
    const pool = new pg.Pool({
      // several servers in DATABASE_URL: each connection goes to the one that is primary now (db/hosts.ts)
      ...poolTarget(opts.url, opts.readUrl ? WriteNotingClient : undefined),
      max,
      keepAlive: true,
      // a transaction whose client went silent (its host cut from the network) ends on the server after this long,
      // and with it the row locks it held (a batch, its message): the other workers take its batches over
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    });
    pool.on('error', () => undefined); // idle-client errors surface on the next query instead of crashing
    await pool.query('SELECT 1');
    const primary = poolDatabase(pool, opts.url, max);
    if (!opts.readUrl) return primary;
    const replicaPool = new pg.Pool({ connectionString: opts.readUrl, max });
    replicaPool.on('error', () => undefined);
    const replica = followReplica(pool, replicaPool);
    /** The replica when this read may use it; the primary when it must not, or when the replica fails it. */
    const routed = {
      query: async (...args: unknown[]) => {
        const run = (p: pg.Pool) => (p.query as (...a: unknown[]) => Promise<pg.QueryResult>)(...args);
        const first = args[0] as string | { text: string };
        // a statement that may write goes to the primary whatever the caller passed it to
        if (mayWrite(typeof first === 'string' ? first : first.text) || !replica.useReplica())
          return run(pool);
        try {
          return await run(replicaPool);
        } catch (err) {
          if (!isReplicaFailure(err)) throw err;
          return run(pool);
        }
      },
    };
    const reads: Database = {
      ...primary,
      db: drizzlePg(routed as unknown as pg.Pool, { schema }),
      execRows: async (text) => rowsOfLast(await routed.query(text)),
      query: async <T>(text: string, params?: unknown[]) => (await routed.query(text, params)).rows as T[],
      close: async () => undefined,
    };
    return {
      ...primary,
      reads,
      primaryLsn: () => replica.primaryLsn(),
      replicaStatus: () => replicaStatus(pool, replicaPool),
      close: async () => {
        replica.stop();
        await Promise.all([pool.end(), replicaPool.end()]);
      },
    };
  }
  let client: PGlite;
  let release = () => {};
  if (opts.dataDir) {
    mkdirSync(path.dirname(opts.dataDir), { recursive: true });
    release = lockDataDir(opts.dataDir);
    try {
      client = await PGlite.create(opts.dataDir, { startParams: pgliteStartParams() });
    } catch (err) {
      release();
      throw err;
    }
  } else {
    client = await PGlite.create({
      startParams: pgliteStartParams(),
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
  }
  // PGlite's types name the Emscripten module's memory without the Emscripten types to resolve it
  const wasmMemory = (client.Module as unknown as { wasmMemory: { buffer: ArrayBuffer } }).wasmMemory;
  const conn: Pick<Database, 'exec' | 'query'> = {
    exec: async (text) => {
      await client.exec(text);
    },
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
  };
  return {
    kind: 'pglite',
    db: drizzlePglite(client, { schema }) as unknown as Db,
    ...conn,
    execRows: async (text) => (await client.exec(text)).at(-1)?.rows ?? [],
    withConnection: (fn) => fn(conn),
    transaction: (fn) =>
      client.transaction((tx) =>
        fn({ query: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows }),
      ),
    close: async () => {
      await client.close();
      release();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    wasmMemoryBytes: () => wasmMemory.buffer.byteLength,
  };
}
