import { describe, expect, it } from 'vitest';
import { ProcessesError, resolveProcesses } from './cluster';

const pg = {
  databaseUrl: 'postgres://db/beacon',
  fcmBaseUrl: 'https://fcm.googleapis.com',
  processes: undefined,
};

describe('resolveProcesses (beacon serve|api --processes N)', () => {
  it('defaults to one per core on PostgreSQL with an outside FCM, and to 1 on PGlite or the built-in sandbox', () => {
    expect(resolveProcesses(undefined, pg, 4)).toBe(4);
    expect(resolveProcesses(undefined, { ...pg, databaseUrl: undefined }, 4)).toBe(1);
    expect(resolveProcesses(undefined, { ...pg, fcmBaseUrl: undefined }, 4)).toBe(1);
  });

  it('takes --processes over BEACON_PROCESSES', () => {
    expect(resolveProcesses(undefined, { ...pg, processes: 3 }, 4)).toBe(3);
    expect(resolveProcesses('2', { ...pg, processes: 3 }, 4)).toBe(2);
    expect(resolveProcesses('1', { ...pg, databaseUrl: undefined }, 4)).toBe(1);
  });

  it('refuses more than one process on PGlite or with the sandbox, and a bad number, naming the flag', () => {
    expect(() => resolveProcesses('2', { ...pg, databaseUrl: undefined })).toThrow(
      /--processes 2 \(BEACON_PROCESSES\) needs DATABASE_URL: PGlite is embedded in one process/,
    );
    expect(() => resolveProcesses(undefined, { ...pg, databaseUrl: undefined, processes: 2 })).toThrow(
      ProcessesError,
    );
    expect(() => resolveProcesses('3', { ...pg, fcmBaseUrl: undefined })).toThrow(/needs FCM_BASE_URL/);
    for (const bad of ['0', '-1', '1.5', 'two', '', '257'])
      expect(() => resolveProcesses(bad, pg)).toThrow('--processes must be a whole number from 1 to 256');
  });
});
