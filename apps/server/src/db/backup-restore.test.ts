import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messageRow,
  postgresAt,
  receivedPerDevice,
  reconcile,
  saveBroadcast,
  startRig,
  tally,
  type FaultRig,
  waitSent,
} from '../test/faults';
import { signedIn } from '../test/fixtures/team';
import { NOTIFICATION } from '../test/messaging';
import { startPgServer, startRestoredPgServer, type PgServer } from '../test/pg-server';
import { startTestApp, type TestApp } from '../test/test-app';
import { until } from '../test/until';
import { openDatabase } from './client';
import { migrate } from './migrate';
import { DEFAULT_SKIPPED_IDS } from './message-ids';

// Tier 2's "the server is lost" (docs/scaling.md, "High availability and recovery"), on a real server: a base backup
// and the archived WAL bring the database back to a point in time on a new server, the first message id on its new
// timeline moves past the lost ones by itself, and Beacon runs on it as it was.

const DEVICES = 200;

describe('a lost PostgreSQL server restored from its base backup and archived WAL to a point in time', () => {
  let archive: string;
  let lost: PgServer | undefined;
  let restored: PgServer | undefined;
  let backup: string | undefined;
  let rig: FaultRig;
  let after: TestApp | undefined;

  beforeAll(async () => {
    archive = mkdtempSync(path.join(tmpdir(), 'beacon-wal-archive-'));
    chmodSync(archive, 0o777);
    lost = await startPgServer({
      archive_mode: 'on',
      archive_command: `'cp %p ${archive}/%f'`,
    });
    if (!lost?.baseBackup)
      throw new Error(
        'PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) are needed for the restore test',
      );
    rig = await startRig(postgresAt(lost.url), DEVICES);
  }, 120_000);
  afterAll(async () => {
    await after?.close().catch(() => undefined);
    await rig?.t.close().catch(() => undefined);
    await rig?.emu.close();
    lost?.stop();
    restored?.stop();
    if (backup) rmSync(backup, { recursive: true, force: true });
    rmSync(archive, { recursive: true, force: true });
  });

  /** A broadcast with its own title in the notification, sent to every device and reconciled; returns its id. */
  const sent = async (title: string, on: Pick<FaultRig, 't' | 'owner' | 'appId' | 'tokens'>) => {
    const id = await saveBroadcast(on as FaultRig, title, { data: { ...NOTIFICATION, noti_title: title } });
    await waitSent(on, id);
    await reconcile(on, id, DEVICES);
    return id;
  };
  /** How many notifications titled `title` each device holds at the emulator. */
  const holding = (title: string) =>
    tally(
      rig.tokens.map(
        (tok) =>
          rig.emu.inbox(tok).filter((d) => (d.message.data as Record<string, string>).noti_title === title)
            .length,
      ),
    );

  it('holds what was committed up to the target, nothing after it, and sends on as before', async () => {
    const before = await sent('Before the backup', rig);
    backup = lost!.baseBackup!();
    const between = await sent('After the backup', rig);
    // the target: after the second message's last commit, before anything of the third
    await new Promise((r) => setTimeout(r, 1_100));
    const [{ target } = { target: '' }] = await rig.t.database.query<{ target: string }>(
      `SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' AS target`,
    );
    await new Promise((r) => setTimeout(r, 1_100));
    const later = await sent('After the target', rig);
    // the ids of 40 more messages created then (only their ids matter here). Recovery stops before the first commit
    // after the target, and the sequence's WAL records are not transactional: what it logged before that commit is
    // restored, what it logged after it is not, so the restored sequence resumes below these ids
    const [{ lastLost } = { lastLost: 0 }] = await rig.t.database.query<{ lastLost: number }>(
      `SELECT max(nextval('messages_id_seq'))::int AS "lastLost" FROM generate_series(1, 40)`,
    );
    // the WAL up to here archived: the segment in use is closed and copied before the server is lost
    const [{ segment } = { segment: '' }] = await rig.t.database.query<{ segment: string }>(
      'SELECT pg_walfile_name(pg_switch_wal()) AS segment',
    );
    await until(
      `WAL segment ${segment} archived`,
      async () => readdirSync(archive),
      (files) => files.includes(segment),
      30_000,
      100,
    );
    const dbName = new URL(rig.t.database.url ?? '').pathname.slice(1);

    // the server and its data are lost; the workers go with it
    await rig.t.close();
    lost!.stop();
    lost = undefined;

    restored = await startRestoredPgServer(backup, {
      restoreCommand: `cp ${archive}/%f %p`,
      targetTime: target,
    });
    backup = undefined; // the restored server's now, removed with it
    const url = new URL(restored.url);
    url.pathname = `/${dbName}`;
    // as restored, the next message would take an id a lost one had: its devices' events would count for it
    const probe = await openDatabase({ url: url.href, poolSize: 1 });
    const [seq] = await probe.query<{ next: number }>(
      'SELECT (last_value + CASE WHEN is_called THEN 1 ELSE 0 END)::int AS next FROM messages_id_seq',
    );
    await probe.close();
    expect(seq!.next).toBeGreaterThan(between);
    expect(seq!.next).toBeLessThanOrEqual(lastLost);
    // the server's new timeline (a recovery ends on one) moves the next message's id past them by itself (migration
    // 0064): the first message sent after the restore has the restored sequence's next id plus the default skip
    after = await startTestApp(
      {
        name: 'postgres',
        open: async () => {
          const database = await openDatabase({ url: url.href, poolSize: 5 });
          await migrate(database);
          return database;
        },
      },
      { FCM_BASE_URL: rig.emu.h2cUrl },
      { runWorkers: true },
    );
    const on = { ...rig, t: after, owner: await signedIn(after, 'owner@example.com', 'Owner#2024') };

    // up to the target: both messages, sent, their records and counts as they were
    for (const id of [before, between]) {
      expect((await messageRow(on, id))?.status).toBe(1);
      await reconcile(on, id, DEVICES);
    }
    // after it: nothing of the third message, though its devices got it (the RPO: sends after the target)
    expect(await messageRow(on, later)).toBeUndefined();
    expect(holding('After the target')).toEqual({ 1: DEVICES });
    // the app's service account still decrypts (the same BEACON_SECRET_KEY), and the engine sends on the restored data
    expect(await sent('After the restore', on)).toBe(seq!.next + DEFAULT_SKIPPED_IDS);
    const [seen] = await after.database.query<{ timeline: string; from: number }>(
      'SELECT timeline::text AS timeline, skipped_from::int AS "from" FROM db_timeline',
    );
    expect(seen).toEqual({ timeline: '2', from: seq!.next });
    expect(holding('After the restore')).toEqual({ 1: DEVICES });
    for (const title of ['Before the backup', 'After the backup'])
      expect(holding(title)).toEqual({ 1: DEVICES });
    // no device holds a message twice by its id either
    expect(tally(receivedPerDevice(rig, before))).toEqual({ 1: DEVICES });
  }, 240_000);
});
