import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import { registerSdkDevice, sdkAuthOf, sdkDevice } from '../test/devices';
import { clientFor, seedTeam } from '../test/fixtures/team';
import { NOTIFICATION } from '../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app';

/**
 * Formula injection in every download (Hardening, item 6c): text put in through the normal calls (an app's title, a
 * message's title) that a spreadsheet would run — `=HYPERLINK(…)` — comes out of every CSV export made inert (an
 * apostrophe first), and the .xlsx downloads hold no formula cell. Every /tcm route of the OpenAPI document whose path
 * says export or download is a case here, or says why it is not a spreadsheet.
 */
const INJECTED = '=HYPERLINK("x","y")';

/** Download routes that are no spreadsheet. */
const NOT_SPREADSHEETS: Record<string, string> = {
  'POST /tcm/v1/app/:appId/assistant/download':
    'a .txt of the AI assistant’s answer (text/plain), read as text',
  'GET /tcm/v1/app/:appId/event-streams/exports/:day':
    'a gzip of NDJSON raw events for a warehouse (application/gzip), never opened as a spreadsheet',
};

/** A CSV's cells (RFC 4180: quoted cells may hold commas, quotes doubled, line breaks). */
function cellsOf(csv: string): string[] {
  const cells: string[] = [];
  let i = csv.startsWith('\uFEFF') ? 1 : 0;
  while (i < csv.length) {
    let cell = '';
    if (csv[i] === '"') {
      i++;
      for (;;) {
        const q = csv.indexOf('"', i);
        if (q < 0) throw new Error('unterminated quote');
        cell += csv.slice(i, q);
        i = q + 1;
        if (csv[i] === '"') {
          cell += '"';
          i++;
        } else break;
      }
    } else {
      const m = /[,\r\n]/.exec(csv.slice(i));
      const end = m ? i + m.index : csv.length;
      cell = csv.slice(i, end);
      i = end;
    }
    cells.push(cell);
    if (csv[i] === ',') i++;
    else if (csv.startsWith('\r\n', i)) i += 2;
    else if (csv[i] === '\n' || csv[i] === '\r') i++;
  }
  return cells;
}

/** A cell a spreadsheet would run (what csvCell must have made inert). */
const RUNS = /^[\s\u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r]/;

describe.each(backends('one'))('formula injection in every export [$name]', (backend) => {
  let t: TestApp;
  let owner: TestClient;
  let root: TestClient;
  let appId: number;
  let msgId: number;
  let downloads: string[] = [];
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await startTestApp(backend);
    const seeded = await seedTeam(t, { title: INJECTED, pkg: 'com.example.inject' });
    appId = seeded.appId;
    owner = await clientFor(t, 'owner');
    root = await clientFor(t, 'root');
    const app = (await t.repos.apps.findById(appId))!;
    await registerSdkDevice(t, sdkAuthOf(app, seeded.appSecret), sdkDevice(1));
    const saved = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: { ...NOTIFICATION, noti_title: INJECTED },
      title: INJECTED,
      targetingType: 0,
      pushCount: 1,
      scheduleType: 2,
      scheduleDate: new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 19).replace('T', ' '),
    });
    expect(saved.json(), saved.body).toMatchObject({ status: 200 });
    msgId = saved.json<{ data: { id: number } }>().data.id;
    for (const [url, body] of [
      ['/tcm/global/plat/app/country/forbid/add', { appId, countryCodes: ['DE'] }],
      [
        '/tcm/global/plat/app/time/forbid/add',
        { appId, countryCode: 'FR', intervalTimeList: [{ start: '22:00', end: '06:00' }] },
      ],
    ] as const) {
      const res = await root.post(url, body);
      expect(res.json(), res.body).toMatchObject({ status: 200 });
    }
    // an uninstall that followed the message (as the statistics writer counts one on FCM's UNREGISTERED)
    await t.database.query(
      `INSERT INTO stat_uninstalls (app_id, day, preceding_message_id, count) VALUES ($1, $2::date, $3, 1)`,
      [appId, today, msgId],
    );
    const doc = (await t.app.inject({ method: 'GET', url: '/tcm/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    downloads = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/tcm/') && /export|download/.test(path))
      .flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      );
  });
  afterAll(async () => t?.close());

  /** Each CSV download: who asks, the URL, and whether the injected text must be in it. */
  const CSV_CASES = (): Record<string, { client: TestClient; url: string; holdsIt: boolean }> => ({
    'GET /tcm/v1/app/:appId/msg/export': {
      client: owner,
      url: `/tcm/v1/app/${appId}/msg/export?begin=${today}&end=${today}`,
      holdsIt: true,
    },
    'GET /tcm/global/plat/app/country/forbid/download': {
      client: root,
      url: `/tcm/global/plat/app/country/forbid/download?appId=${appId}`,
      holdsIt: true,
    },
    'GET /tcm/global/plat/app/time/forbid/download': {
      client: root,
      url: `/tcm/global/plat/app/time/forbid/download?appId=${appId}`,
      holdsIt: true,
    },
    'GET /tcm/global/plat/dashboard/export': {
      client: root,
      url: `/tcm/global/plat/dashboard/export?start=${today}&end=${today}&appId=${appId}`,
      holdsIt: false,
    },
    'GET /tcm/v1/app/:appId/report/export': {
      client: owner,
      url: `/tcm/v1/app/${appId}/report/export?type=user&start=${today}&end=${today}`,
      holdsIt: false,
    },
    'GET /tcm/v1/app/:appId/report/trend/export': {
      client: owner,
      url: `/tcm/v1/app/${appId}/report/trend/export?start=${today}&end=${today}`,
      holdsIt: false,
    },
    'GET /tcm/v1/app/:appId/report/msg/export': {
      client: owner,
      url: `/tcm/v1/app/${appId}/report/msg/export?start=${today}&end=${today}&expand=1`,
      holdsIt: false,
    },
    'GET /tcm/v1/app/:appId/report/uninstalls/export': {
      client: owner,
      url: `/tcm/v1/app/${appId}/report/uninstalls/export?start=${today}&end=${today}`,
      // the message that preceded an uninstall is listed by its title (the row seeded below)
      holdsIt: true,
    },
    // advertising ids only (uuids the device API checked): nothing a spreadsheet runs, nothing of the operator's
    'GET /tcm/v1/app/:appId/control-group/export': {
      client: owner,
      url: `/tcm/v1/app/${appId}/control-group/export`,
      holdsIt: false,
    },
    'GET /tcm/v1/app/:appId/report/custom-events/export': {
      client: owner,
      url: `/tcm/v1/app/${appId}/report/custom-events/export?start=${today}&end=${today}`,
      // event names follow CUSTOM_EVENT_NAME_PATTERN: none can start a formula
      holdsIt: false,
    },
    'GET /tcm/v1/app/:appId/msg/:msgId/distribution/:dimension/export': {
      client: owner,
      url: `/tcm/v1/app/${appId}/msg/${msgId}/distribution/version/export`,
      holdsIt: false,
    },
  });
  const XLSX_CASES = (): Record<string, { client: TestClient; url: string }> => ({
    'GET /tcm/global/uem/config/download': {
      client: root,
      url: '/tcm/global/uem/config/download?shieldType=1',
    },
  });

  it('covers every download route of the document', () => {
    const covered = new Set([
      ...Object.keys(CSV_CASES()),
      ...Object.keys(XLSX_CASES()),
      ...Object.keys(NOT_SPREADSHEETS),
    ]);
    expect(downloads.filter((d) => !covered.has(d))).toEqual([]);
    expect([...covered].filter((c) => !downloads.includes(c))).toEqual([]);
  });

  it('makes every CSV cell that a spreadsheet would run inert, in every CSV export', async () => {
    const problems: string[] = [];
    for (const [route, c] of Object.entries(CSV_CASES())) {
      const res = await c.client.call('GET', c.url);
      if (res.statusCode !== 200 || !String(res.headers['content-type']).startsWith('text/csv')) {
        problems.push(`${route}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      const cells = cellsOf(res.body);
      for (const cell of cells.filter((x) => RUNS.test(x)))
        problems.push(`${route}: runs ${JSON.stringify(cell)}`);
      if (c.holdsIt && !cells.includes(`'${INJECTED}`)) problems.push(`${route}: lacks the inert title`);
    }
    expect(problems).toEqual([]);
  });

  it('writes no formula cell in the .xlsx downloads', async () => {
    for (const [route, c] of Object.entries(XLSX_CASES())) {
      const res = await c.client.call('GET', c.url);
      expect(res.statusCode, route).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const formulas: string[] = [];
      book.eachSheet((sheet) =>
        sheet.eachRow((row) =>
          row.eachCell((cell) => {
            if (cell.type === ExcelJS.ValueType.Formula) formulas.push(`${sheet.name}!${cell.address}`);
          }),
        ),
      );
      expect(formulas, route).toEqual([]);
    }
  });
});
