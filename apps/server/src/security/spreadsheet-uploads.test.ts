import { constants, crc32, deflateRawSync } from 'node:zlib';
import { SPREADSHEET_LIMITS, MODEL_SHEET_COLUMNS } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import { clientFor, seedTeam } from '../test/fixtures/team';
import { uploadXlsx, xlsx } from '../test/fixtures/spreadsheets';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app';

/**
 * Hostile .xlsx uploads (Hardening, item 6b) on every route that reads a spreadsheet with exceljs: the materials
 * import and the mobile models list. Each is refused within seconds with a 400 naming `file` and the problem, before
 * exceljs reads it (which would inflate every part into memory and build every row): a zip bomb (its sizes declared
 * truthfully, or lying), a sheet of 1,000,000 rows, a shared-strings table of 1,000,000 entries, entity expansion.
 * The bombs are made here, never committed.
 */

interface Part {
  name: string;
  /** the part's bytes as stored (deflated unless `stored`) */
  body: Buffer;
  stored?: boolean;
  /** what the zip says the part inflates to (a bomb may lie) and its CRC */
  size: number;
  crc: number;
}

const part = (name: string, text: string): Part => {
  const data = Buffer.from(text, 'utf8');
  return { name, body: deflateRawSync(data), size: data.length, crc: crc32(data) };
};

/** A zip of `parts`, as a spreadsheet program writes it (deflated entries, a central directory). */
function zipOf(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const method = p.stored ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.body.length, 18);
    local.writeUInt32LE(p.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(p.crc, 16);
    central.writeUInt32LE(p.body.length, 20);
    central.writeUInt32LE(p.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.body);
    centrals.push(central, name);
    offset += local.length + name.length + p.body.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A workbook of one sheet whose part is `sheet`, plus `extra` parts (the shared strings). */
function workbook(sheet: Part, extra: Part[] = []): Buffer {
  return zipOf([
    part(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    ),
    part(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    part(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    sheet,
    ...extra,
  ]);
}

const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';

/**
 * A part that inflates to `mb` MB (a sheet's head, then blanks): built from one deflated MB repeated (each a
 * sync-flushed, non-final block), so it is made in milliseconds and weighs about 1 KB per MB. `declared`: the size
 * the zip states (a lie, when smaller).
 */
function bombPart(name: string, mb: number, declared?: number): Part {
  const head = deflateRawSync(Buffer.from(SHEET_HEAD), { finishFlush: constants.Z_SYNC_FLUSH });
  const megabyte = deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), { finishFlush: constants.Z_SYNC_FLUSH });
  const tail = deflateRawSync(Buffer.from(SHEET_TAIL));
  const body = Buffer.concat([head, ...Array.from({ length: mb }, () => megabyte), tail]);
  const size = SHEET_HEAD.length + mb * 1024 * 1024 + SHEET_TAIL.length;
  return { name, body, size: declared ?? size % 2 ** 32, crc: 0 };
}

/** A part whose XML is `head`, then `unit` `times` times, then `tail` (deflated the same way). */
function repeatedPart(name: string, head: string, unit: string, times: number, tail: string): Part {
  const chunk = unit.repeat(Math.max(1, Math.floor(65536 / unit.length)));
  const perChunk = Math.floor(65536 / unit.length);
  const flush = { finishFlush: constants.Z_SYNC_FLUSH };
  const pieces = [deflateRawSync(Buffer.from(head), flush)];
  const deflatedChunk = deflateRawSync(Buffer.from(chunk), flush);
  const whole = Math.floor(times / perChunk);
  for (let i = 0; i < whole; i++) pieces.push(deflatedChunk);
  pieces.push(deflateRawSync(Buffer.from(unit.repeat(times - whole * perChunk) + tail)));
  const size = head.length + unit.length * times + tail.length;
  return { name, body: Buffer.concat(pieces), size, crc: 0 };
}

describe.each(backends('one'))('hostile spreadsheets on every .xlsx upload [$name]', (backend) => {
  let t: TestApp;
  let owner: TestClient;
  let root: TestClient;
  let appId: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ appId } = await seedTeam(t));
    owner = await clientFor(t, 'owner');
    root = await clientFor(t, 'root');
  });
  afterAll(async () => t?.close());

  /** Every route that reads an uploaded .xlsx, with who may call it. */
  const routes = () => [
    { name: 'materials import', client: owner, url: `/tcm/v1/app/${appId}/material/upload` },
    { name: 'mobile models list', client: root, url: '/tcm/global/uem/config/upload?shieldType=1' },
  ];

  const MB = SPREADSHEET_LIMITS.inflatedBytesMax / 1024 / 1024;
  const cases: Array<[string, () => Buffer, RegExp]> = [
    [
      'a zip bomb that states its size (300 MB)',
      () => workbook(bombPart('xl/worksheets/sheet1.xml', 300)),
      new RegExp(`^unpacks to more than ${MB} MB`),
    ],
    [
      'a zip bomb that lies about its size (300 MB declared as 2 KB)',
      () => workbook(bombPart('xl/worksheets/sheet1.xml', 300, 2048)),
      new RegExp(`^unpacks to more than ${MB} MB`),
    ],
    [
      'a sheet of 1,000,000 rows',
      () => workbook(repeatedPart('xl/worksheets/sheet1.xml', SHEET_HEAD, '<row/>', 1_000_000, SHEET_TAIL)),
      new RegExp(`^has a worksheet of more than ${SPREADSHEET_LIMITS.rowsMax} rows$`),
    ],
    [
      'a sheet of 1,000,000 rows of data (past the unpacked size first)',
      () =>
        workbook(
          repeatedPart(
            'xl/worksheets/sheet1.xml',
            SHEET_HEAD,
            '<row><c t="inlineStr"><is><t>SAMSUNG</t></is></c></row>',
            1_000_000,
            SHEET_TAIL,
          ),
        ),
      new RegExp(`^unpacks to more than ${MB} MB`),
    ],
    [
      'a shared-strings table of 1,000,000 entries',
      () =>
        workbook(part('xl/worksheets/sheet1.xml', `${SHEET_HEAD}${SHEET_TAIL}`), [
          repeatedPart(
            'xl/sharedStrings.xml',
            `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}" count="1000000" uniqueCount="1000000">`,
            '<si/>',
            1_000_000,
            '</sst>',
          ),
        ]),
      new RegExp(`^has more than ${SPREADSHEET_LIMITS.sharedStringsMax} shared strings$`),
    ],
    [
      'entity expansion ("billion laughs") in the shared strings',
      () =>
        workbook(part('xl/worksheets/sheet1.xml', `${SHEET_HEAD}${SHEET_TAIL}`), [
          part(
            'xl/sharedStrings.xml',
            `<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><sst xmlns="${NS}"><si><t>&c;</t></si></sst>`,
          ),
        ]),
      /^holds a DOCTYPE declaration/,
    ],
  ];

  it.each(cases)(
    'refuses %s on each route within seconds, naming file and the problem',
    async (_what, make, problem) => {
      const data = make();
      expect(data.length).toBeLessThan(2 * 1024 * 1024); // small enough for every route's upload limit
      for (const route of routes()) {
        const started = performance.now();
        const res = await uploadXlsx(t, route.client, route.url, data, 'bomb.xlsx');
        const took = performance.now() - started;
        const body = res.json<{
          status: number;
          data?: { fields?: Array<{ field: string; message: string }> };
        }>();
        expect(
          { route: route.name, status: body.status, fields: body.data?.fields },
          res.body.slice(0, 300),
        ).toEqual({
          route: route.name,
          status: 400,
          fields: [{ field: 'file', message: expect.stringMatching(problem) }],
        });
        expect(took, `${route.name} took ${Math.round(took)} ms`).toBeLessThan(5000);
      }
    },
  );

  it('answers the refusal in the request language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/tcm/global/uem/config/upload?shieldType=1',
      ...(() => {
        const body = workbook(bombPart('xl/worksheets/sheet1.xml', 300, 2048));
        const boundary = '----beacon-bomb';
        const payload = Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bomb.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          body,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        return {
          payload,
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'accept-language': 'fr',
            cookie: root.cookie,
          },
        };
      })(),
    });
    expect(res.json<{ msg: string }>().msg).toContain(`dépasse ${MB} Mo une fois décompressé`);
  });

  it('still reads an ordinary spreadsheet on the models route', async () => {
    const res = await uploadXlsx(
      t,
      root,
      '/tcm/global/uem/config/upload?shieldType=1',
      await xlsx([[1, 'SAMSUNG', 'SMG991B', 6, 12]]),
    );
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    expect(MODEL_SHEET_COLUMNS.length).toBe(5);
  });
});
