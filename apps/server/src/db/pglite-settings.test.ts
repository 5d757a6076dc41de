import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Metrics } from '../platform/metrics';
import { backends } from '../test/databases';
import { openDatabase, type Database } from './client';
import { PGLITE_SETTINGS } from './pglite-settings';

const pglite = backends().find((b) => b.name === 'pglite')!;
const MB = 1024 * 1024;

describe('the memory settings of the embedded database (PGlite)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await pglite.open();
  });
  afterAll(async () => {
    await database.close();
  });

  it('starts PostgreSQL with the smaller buffers, not its stock 128 MB for 100 connections', async () => {
    const shown: Record<string, string> = {};
    for (const name of Object.keys(PGLITE_SETTINGS))
      shown[name] = (await database.query<Record<string, string>>(`SHOW ${name}`))[0]![name]!;
    expect(shown).toEqual({
      shared_buffers: '32MB',
      maintenance_work_mem: '16MB',
      max_connections: '10',
      max_locks_per_transaction: '640',
    });
    // and PGlite's own start parameters still apply (given with ours, they are not replaced by them)
    expect((await database.query<{ search_path: string }>('SHOW search_path'))[0]!.search_path).toBe(
      'public',
    );
  });

  it('runs without fsync, as docs/operations.md says (a power loss can cost more than a crash)', async () => {
    // PGlite's own start parameters include -F; were it ever on, that paragraph and the HA table's tier 1 change
    expect((await database.query<{ fsync: string }>('SHOW fsync'))[0]!.fsync).toBe('off');
  });

  it('keeps its WASM memory at PGlite’s initial 128 MB on start (the stock settings grew it to 189 MB) and reports it in /metrics', async () => {
    expect(database.wasmMemoryBytes!()).toBeLessThanOrEqual(128 * MB);
    const text = await new Metrics(database).registry.getSingleMetricAsString(
      'beacon_pglite_wasm_memory_bytes',
    );
    expect(Number(/^beacon_pglite_wasm_memory_bytes (\d+)$/m.exec(text)?.[1])).toBe(
      database.wasmMemoryBytes!(),
    );
  });

  it('applies them to a database opened on a data folder as well', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'beacon-pglite-settings-'));
    try {
      const onDisk = await openDatabase({ dataDir: path.join(dir, 'pglite') });
      try {
        expect(
          (await onDisk.query<{ shared_buffers: string }>('SHOW shared_buffers'))[0]!.shared_buffers,
        ).toBe('32MB');
      } finally {
        await onDisk.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
