import http from 'node:http';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import { gaid } from '../test/devices';
import { makePng } from '../test/fixtures/images';
import { imageMultipart, postMultipart } from '../test/fixtures/multipart';
import { NOTIFICATION } from '../test/messaging';
import { until } from '../test/until';
import { startRig, Worker, type FaultRig } from '../test/faults';

const postgres = backends('one').filter((b) => b.name === 'postgres');
const LINES = 300_000; // 11 MB of ids, sent in chunks of 10,000 lines (the service writes them 20,000 at a time)
const CHUNK = 10_000;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** Starts `beacon api` on `port` and waits until it answers /healthz. */
async function startApi(rig: FaultRig, port: number): Promise<Worker> {
  const api = new Worker(rig, { PORT: String(port), HOST: '127.0.0.1' }, ['api', '--processes', '1']);
  await until(
    'the API healthy',
    async () => {
      if (!api.running) throw new Error(`beacon api exited:\n${api.out}`);
      return fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status,
        () => 0,
      );
    },
    (s) => s === 200,
    90_000,
    200,
  );
  return api;
}

/**
 * Uploads a GAID file of `lines` ids as multipart, slowly (a chunk every 20 ms); resolves with the HTTP status and
 * body, or with the error that ended the request.
 */
function upload(base: string, cookie: string, appId: number, lines: number) {
  const boundary = 'faultboundary';
  const req = http.request(`${base}/tcm/v1/app/${appId}/upload`, {
    method: 'POST',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const answer = new Promise<{ status?: number; body?: string; error?: string }>((resolve) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (err) => resolve({ error: err.message }));
    });
    req.on('error', (err) => resolve({ error: err.message }));
  });
  void (async () => {
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ids.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    );
    for (let from = 0; from < lines && !req.destroyed; from += CHUNK) {
      const chunk = Array.from({ length: Math.min(CHUNK, lines - from) }, (_, i) => gaid(from + i)).join(
        '\n',
      );
      req.write(`${chunk}\n`);
      await new Promise((r) => setTimeout(r, 20));
    }
    if (!req.destroyed) req.end(`\r\n--${boundary}--\r\n`);
  })();
  return answer;
}

describe.each(postgres)('the API process restarted during a large GAID upload [$name]', (backend) => {
  let rig: FaultRig;
  const procs: Worker[] = [];

  beforeAll(async () => {
    rig = await startRig(backend, 10, { runWorkers: false });
  });
  afterAll(async () => {
    for (const p of procs) await p.stop('SIGKILL');
    await rig?.close();
  });

  it('the upload fails, the unfinished list is never usable, and it is pruned; a new upload works', async () => {
    const db = rig.t.database;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await startApi(rig, port);
    procs.push(first);
    const login = await fetch(`${base}/tcm/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'Owner#2024' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const lists = () =>
      db.query<{ id: string; ready: boolean; ids: number }>(
        `SELECT u.id::text, u.ready, (SELECT count(*)::int FROM message_gaid_lists l WHERE l.list_id = u.id) AS ids
         FROM message_gaid_uploads u WHERE u.app_id = $1 ORDER BY u.created_at`,
        [rig.appId],
      );

    // the API is killed once the first ids of the file are written (the process ends: a crash or a forced restart)
    const answer = upload(base, cookie, rig.appId, LINES);
    const [partial] = await until('ids being written', lists, (l) => (l[0]?.ids ?? 0) > 0, 30_000, 20);
    await first.stop('SIGKILL');
    const result = await answer;
    expect(result.status, result.body).toBeUndefined(); // no answer: the connection ended
    expect(result.error).toBeTruthy();

    const second = await startApi(rig, port); // the restart, on the same port
    procs.push(second);
    const [left] = await lists();
    expect(left).toMatchObject({ id: partial!.id, ready: false });
    expect(left!.ids).toBeLessThan(LINES);
    const call = async (url: string, body: unknown) =>
      (await (
        await fetch(`${base}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify(body),
        })
      ).json()) as { status: number; data?: { fields?: Array<{ field: string }> } };
    // the unfinished list cannot be read or targeted
    expect((await call(`/tcm/v1/app/${rig.appId}/upload/info`, { origin: left!.id })).status).not.toBe(200);
    const saved = await call(`/tcm/v1/app/${rig.appId}/msg/save`, {
      msgType: 1,
      title: 'Half a file',
      data: NOTIFICATION,
      pushCount: 1,
      scheduleType: 1,
      targetingType: 6,
      fileOrigin: left!.id,
    });
    expect(saved.status).not.toBe(200);
    expect(saved.data?.fields?.[0]?.field).toBe('fileOrigin');
    expect(
      await db.query('SELECT id FROM messages WHERE app_id = $1 AND file_origin = $2', [rig.appId, left!.id]),
    ).toEqual([]);

    // an hour on, the next upload prunes it (its ids go with it), and that upload is stored whole
    await db.query(
      `UPDATE message_gaid_uploads SET created_at = created_at - interval '2 hours' WHERE id = $1`,
      [left!.id],
    );
    const again = await upload(base, cookie, rig.appId, 30_000);
    expect(again.status, again.error ?? again.body).toBe(200);
    const origin = (JSON.parse(again.body!) as { data: { origin: string } }).data.origin;
    expect(await lists()).toEqual([{ id: origin, ready: true, ids: 30_000 }]);
    console.log(
      `gaid upload: killed with ${left!.ids} of ${LINES} ids written (${result.error}); unusable, pruned by the next upload`,
    );
  }, 120_000);
});

/**
 * The file store is the database (files.data, message_gaid_lists): a full disk reaches Beacon as PostgreSQL's
 * disk_full (53100) on the INSERT. Simulated by a trigger raising exactly that error (no filesystem seam exists).
 */
const STORAGE_FULL = { status: 500, msg: 'Internal error: storage full, nothing saved' };

describe.each(postgres)('the file store out of disk space [$name]', (backend) => {
  let rig: FaultRig;
  const diskFull = (table: string, when = 'true') =>
    rig.t.database.execRows(
      `CREATE OR REPLACE FUNCTION fault_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN IF ${when} THEN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full';
       END IF; RETURN NEW; END $$;
       CREATE TRIGGER fault_disk_full BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION fault_disk_full();`,
    );
  const diskFreed = (table: string) => rig.t.database.execRows(`DROP TRIGGER fault_disk_full ON ${table}`);

  beforeAll(async () => {
    rig = await startRig(backend, 0, { runWorkers: false });
  });
  afterAll(async () => rig?.close());

  it('an image upload fails with 507 "storage full" and stores nothing; once space is back it is stored', async () => {
    const png = makePng(96, 96);
    const send = () =>
      postMultipart(
        rig.t,
        rig.owner,
        `/tcm/v1/app/${rig.appId}/upload/image`,
        imageMultipart(png, 'icon.png', 'customIcon', false),
      );
    await diskFull('files');
    const full = await send();
    expect([full.statusCode, full.json()]).toEqual([507, STORAGE_FULL]);
    expect(await rig.t.database.query('SELECT sha256 FROM files')).toEqual([]);
    await diskFreed('files');
    const ok = await send();
    expect(ok.json(), ok.body).toMatchObject({ status: 200 });
    expect(await rig.t.database.query('SELECT sha256 FROM files')).toHaveLength(1);
    console.log(`disk full, image: answered ${full.statusCode} ${full.body}`);
  });

  it('a GAID upload that fills the disk midway fails with 507 and leaves no list and no ids', async () => {
    // the first batch of 20,000 ids is written; the second one hits the full disk
    await diskFull('message_gaid_lists', `NEW.gaid >= '${gaid(25_000)}'::uuid`);
    const body = Array.from({ length: 40_000 }, (_, i) => gaid(i)).join('\n');
    const boundary = 'diskfull';
    const res = await rig.t.app.inject({
      method: 'POST',
      url: `/tcm/v1/app/${rig.appId}/upload`,
      headers: { cookie: rig.owner.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ids.txt"\r\nContent-Type: text/plain\r\n\r\n${body}\r\n--${boundary}--\r\n`,
    });
    await diskFreed('message_gaid_lists');
    expect([res.statusCode, res.json()]).toEqual([507, STORAGE_FULL]);
    expect(await rig.t.database.query('SELECT id FROM message_gaid_uploads')).toEqual([]);
    expect(await rig.t.database.query('SELECT list_id FROM message_gaid_lists')).toEqual([]);
    console.log(`disk full, gaid upload: answered ${res.statusCode} ${res.body}`);
  });
});
