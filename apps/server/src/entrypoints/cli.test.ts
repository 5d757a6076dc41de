import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI as cli, serverRoot } from '../test/cli';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'beacon-cli-'));
const baseEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  BEACON_SECRET_KEY: 'ef'.repeat(32),
  BEACON_DEMO: '0',
};

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function login(base: string, email: string, password: string) {
  const res = await fetch(`${base}/tcm/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { body: (await res.json()) as { status: number }, cookie: res.headers.get('set-cookie') ?? '' };
}

describe('beacon CLI', () => {
  it('serve migrates, creates the first super admin from the environment, serves and shuts down cleanly', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [...cli, 'serve'], {
      cwd: serverRoot,
      env: {
        ...baseEnv,
        PORT: String(port),
        HOST: '127.0.0.1',
        BEACON_ADMIN_EMAIL: 'First@Example.com',
        BEACON_ADMIN_PASSWORD: 'First#2024',
      },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      // a cold start compiles the sources with tsx and initialises PGlite: allow for a loaded machine
      for (let i = 0; i < 300 && !out.includes('is running') && child.exitCode === null; i++)
        await new Promise((r) => setTimeout(r, 200));
      expect(out, err).toContain(`is running: http://localhost:${port}`);
      expect(out).toContain('first super admin created: first@example.com');
      const base = `http://127.0.0.1:${port}`;
      expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok', database: 'ok' });
      const { body, cookie } = await login(base, 'first@example.com', 'First#2024');
      expect(body.status).toBe(200);
      const list = await fetch(`${base}/tcm/v1/user/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookie.split(';')[0] ?? '' },
        body: '{}',
      });
      expect(((await list.json()) as { status: number }).status).toBe(200);
      const anonymous = await fetch(`${base}/tcm/v1/user/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(anonymous.status).toBe(401);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    // its wait for the start alone may take 60 s, the project's default timeout (a slow machine's full run reached it)
  }, 150_000);

  it('admin create is idempotent: a second run updates the password', () => {
    const run = (password: string) =>
      spawnSync(
        process.execPath,
        [...cli, 'admin', 'create', '--email', 'ops@example.com', '--password', password, '--level', '150'],
        {
          cwd: serverRoot,
          env: baseEnv,
          encoding: 'utf8',
        },
      );
    const first = run('Ops#first1');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('administrator ops@example.com created (level 150)');
    const second = run('Ops#second2');
    expect(second.stdout).toContain('administrator ops@example.com updated (level 150)');
    const bad = spawnSync(process.execPath, [...cli, 'admin', 'create', '--email', 'x@example.com'], {
      cwd: serverRoot,
      env: baseEnv,
      encoding: 'utf8',
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('usage: beacon');
  });

  it('serve --processes 2 (or BEACON_PROCESSES=2) on PGlite is refused, naming the flag', () => {
    for (const [args, env] of [
      [['serve', '--processes', '2'], {}],
      [['api'], { BEACON_PROCESSES: '2' }],
    ] as const) {
      const res = spawnSync(process.execPath, [...cli, ...args], {
        cwd: serverRoot,
        env: { ...baseEnv, ...env },
        encoding: 'utf8',
      });
      expect(res.status, res.stderr).toBe(2);
      expect(res.stderr).toContain('--processes 2 (BEACON_PROCESSES) needs DATABASE_URL');
    }
  });

  it('restored moves the message ids on by --skip-ids, and refuses a count out of range, naming the flag', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [...cli, 'restored', ...args], {
        cwd: serverRoot,
        env: baseEnv,
        encoding: 'utf8',
      });
    const first = run('--skip-ids', '500');
    expect(first.status, first.stderr).toBe(0);
    const [, to, from] =
      /start at id (\d+) \(the restored database would have given (\d+)\)/.exec(first.stdout) ?? [];
    expect(Number(to) - Number(from)).toBe(500);
    // from where the last run left the sequence
    expect(run('--skip-ids', '7').stdout).toContain(
      `start at id ${Number(to) + 7} (the restored database would have given ${to})`,
    );
    for (const bad of ['0', '500001', '1e3']) {
      const res = run('--skip-ids', bad);
      expect(res.status).toBe(2);
      expect(res.stderr).toContain('restored: --skip-ids must be a whole number from 1 to 500000');
    }
  });

  it('migrate applies nothing twice', () => {
    const res = spawnSync(process.execPath, [...cli, 'migrate'], {
      cwd: serverRoot,
      env: baseEnv,
      encoding: 'utf8',
    });
    expect(res.status).toBe(0);
    expect(res.stdout).toContain('migrations applied');
  });
});
