import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { secretKeyWarning } from './secret-key-warning';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'beacon-key-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the secret key at rest (audit finding 10)', () => {
  it('loadConfig reports where the key came from: the environment or the data folder', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir, BEACON_SECRET_KEY: 'ab'.repeat(32) }).secretKeySource).toBe('env');
    const generated = loadConfig({ DATA_DIR: dir });
    expect(generated.secretKeySource).toBe('file');
    const read = loadConfig({ DATA_DIR: dir });
    expect([read.secretKeySource, read.secretKey.equals(generated.secretKey)]).toEqual(['file', true]);
  });

  it.each([
    ['a key from DATA_DIR, PGlite, production', 'file', undefined, 'production', true],
    ['a key from BEACON_SECRET_KEY', 'env', undefined, 'production', false],
    ['PostgreSQL (DATABASE_URL)', 'file', 'postgres://db/beacon', 'production', false],
    ['development', 'file', undefined, 'development', false],
    ['no NODE_ENV', 'file', undefined, undefined, false],
  ] as const)('decides the start warning for %s', (_case, source, databaseUrl, nodeEnv, warns) => {
    const warning = secretKeyWarning(
      { secretKeySource: source, databaseUrl, dataDir: '/var/lib/beacon' },
      nodeEnv,
    );
    if (warns) {
      expect(warning).toContain('BEACON_SECRET_KEY');
      expect(warning).toContain(path.join('/var/lib/beacon', 'secret.key'));
    } else expect(warning).toBeUndefined();
  });
});
