import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, serverRoot } from '../test/cli';
import { openDatabase } from './client';
import { migrate } from './migrate';

// One process at a time on a PGlite folder (db/pglite-lock.ts): `beacon admin create` run beside `npm start` wrote an
// administrator into the same folder, and the server's shutdown wrote it away.

const root = mkdtempSync(path.join(tmpdir(), 'beacon-pglite-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const holderOf = (dir: string) => JSON.parse(readFileSync(`${dir}.lock`, 'utf8')) as { pid: number };

describe('the PGlite data folder lock', () => {
  it('refuses a second open in the same process until the first is closed, and goes with the close', async () => {
    const dir = path.join(root, 'same', 'pglite');
    const first = await openDatabase({ dataDir: dir });
    expect(holderOf(dir).pid).toBe(process.pid);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`the database in ${dir} is open already`);
    await first.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const second = await openDatabase({ dataDir: dir });
    expect(await second.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await second.close();
  });

  it('refuses another process while this one has the folder open: beacon admin create beside a running server', async () => {
    const dataDir = path.join(root, 'busy');
    const open = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      await migrate(open);
      const res = spawnSync(
        process.execPath,
        [...CLI, 'admin', 'create', '--email', 'ops@example.com', '--password', 'Ops#first1'],
        {
          cwd: serverRoot,
          env: { ...process.env, DATA_DIR: dataDir, BEACON_SECRET_KEY: 'ef'.repeat(32), LOG_LEVEL: 'warn' },
          encoding: 'utf8',
        },
      );
      expect(res.status).toBe(1);
      expect(res.stderr).toContain(`is in use by process ${process.pid}`);
      expect(res.stderr).toContain('stop it first');
      expect(await open.query('SELECT count(*)::int AS n FROM users')).toEqual([{ n: 0 }]);
    } finally {
      await open.close();
    }
  }, 60_000);

  it('takes over the lock of a process that is gone, or whose id another program has now', async () => {
    const dir = path.join(root, 'stale', 'pglite');
    mkdirSync(path.dirname(dir));
    const gone = spawnSync('true');
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: gone.pid, cmdline: 'node\0cli.mjs\0serve' }));
    const a = await openDatabase({ dataDir: dir });
    expect(holderOf(dir).pid).toBe(process.pid);
    await a.close();
    // a live process, not the one that wrote the lock (its command line differs)
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(`${dir}.lock`, JSON.stringify({ pid: other.pid, cmdline: 'node\0cli.mjs\0serve' }));
      const b = await openDatabase({ dataDir: dir });
      expect(holderOf(dir).pid).toBe(process.pid);
      await b.close();
    } finally {
      other.kill();
    }
  });
});
