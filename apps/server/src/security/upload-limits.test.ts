import {
  APP_LIMITS,
  IMAGE_RULES,
  MATERIAL_LIMITS,
  MODEL_CONTROL_LIMITS,
  uploadLimitBytes,
} from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import { gaid } from '../test/devices';
import { makePng } from '../test/fixtures/images';
import { multipartBody, postMultipart } from '../test/fixtures/multipart';
import { clientFor, seedTeam } from '../test/fixtures/team';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app';

/**
 * The size and type limits of every upload route (Hardening, item 6d). The routes are those the server registers with
 * bodyKind 'upload' (app.bodyKinds), so a new upload route fails here until it has a case. For each: a file one byte
 * past its limit is refused naming the file (400 on `file`, or the route's own "file too large" code; never 200, never
 * 500), and a file of the wrong type is refused; nothing is stored by either.
 */

interface UploadCase {
  /** the caller (a member of the app, or root for the platform's routes) */
  who: 'owner' | 'root';
  url: (ids: { appId: number; tagId: number }) => string;
  /** text fields sent before the file */
  fields?: Array<{ name: string; value: string }>;
  /** the file one byte past the route's limit, of the right type */
  over: () => { filename: string; content: Buffer };
  /** a file of a type the route does not take (small) */
  wrong: () => { filename: string; content: Buffer };
  /** the field a 400 names: `file`, or the form field the upload fills (the logo, the app's icon) */
  field?: string;
}

/** A .txt of advertising ids of exactly `bytes` bytes. */
function gaidText(bytes: number): Buffer {
  const line = `${gaid(1)}\n`;
  const text = line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);
  return Buffer.from(text);
}
/** Bytes of a `type` file padded to `bytes` (the content after the magic does not matter for a size refusal). */
const padded = (head: Buffer, bytes: number) =>
  Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length))]);
const XLSX_HEAD = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const png = (bytes: number) => padded(makePng(60, 60), bytes);
const txt = () => ({ filename: 'notes.txt', content: Buffer.from('hello\n') });

const GAID_LIMIT_MB = 1;

const CASES: Record<string, UploadCase> = {
  'POST /tcm/v1/app/:appId/upload': {
    who: 'owner',
    url: ({ appId }) => `/tcm/v1/app/${appId}/upload`,
    over: () => ({ filename: 'ids.txt', content: gaidText(uploadLimitBytes(GAID_LIMIT_MB) + 1) }),
    wrong: () => ({ filename: 'ids.png', content: makePng(60, 60) }),
  },
  'POST /tcm/v1/app/:appId/tag/:tagId/import': {
    who: 'owner',
    url: ({ appId, tagId }) => `/tcm/v1/app/${appId}/tag/${tagId}/import`,
    over: () => ({ filename: 'ids.txt', content: gaidText(uploadLimitBytes(GAID_LIMIT_MB) + 1) }),
    wrong: () => ({ filename: 'ids.png', content: makePng(60, 60) }),
  },
  'POST /tcm/v1/app/:appId/material/upload': {
    who: 'owner',
    url: ({ appId }) => `/tcm/v1/app/${appId}/material/upload`,
    over: () => ({
      filename: 'materials.xlsx',
      content: padded(XLSX_HEAD, MATERIAL_LIMITS.importBytesMax + 1),
    }),
    wrong: txt,
  },
  'POST /tcm/global/uem/config/upload': {
    who: 'root',
    url: () => '/tcm/global/uem/config/upload?shieldType=1',
    over: () => ({
      filename: 'models.xlsx',
      content: padded(XLSX_HEAD, MODEL_CONTROL_LIMITS.uploadMaxBytes + 1),
    }),
    wrong: txt,
  },
  'POST /tcm/v1/app/upload/firebase': {
    who: 'owner',
    url: () => '/tcm/v1/app/upload/firebase',
    over: () => ({
      filename: 'sa.json',
      content: padded(Buffer.from('{"type":"service_account"}'), APP_LIMITS.firebaseJsonMaxBytes + 1),
    }),
    wrong: () => ({ filename: 'sa.png', content: makePng(60, 60) }),
  },
  'POST /tcm/v1/app/upload/logo': {
    who: 'owner',
    url: () => '/tcm/v1/app/upload/logo',
    field: 'logo',
    over: () => ({ filename: 'logo.png', content: png(IMAGE_RULES.logo.maxBytes + 1) }),
    wrong: txt,
  },
  'POST /tcm/v1/app/:appId/icon/upload': {
    who: 'owner',
    url: ({ appId }) => `/tcm/v1/app/${appId}/icon/upload`,
    field: 'icon',
    over: () => ({ filename: 'icon.png', content: png(IMAGE_RULES.smallIcon.maxBytes + 1) }),
    wrong: txt,
  },
  'POST /tcm/v1/app/:appId/upload/image': {
    who: 'owner',
    url: ({ appId }) => `/tcm/v1/app/${appId}/upload/image`,
    fields: [{ name: 'kind', value: 'picture' }],
    over: () => ({ filename: 'picture.png', content: png(IMAGE_RULES.picture.maxBytes + 1) }),
    wrong: txt,
  },
};

describe.each(backends('one'))('upload limits of every upload route [$name]', (backend) => {
  let t: TestApp;
  const clients = {} as Record<'owner' | 'root', TestClient>;
  const ids = { appId: 0, tagId: 0 };

  beforeAll(async () => {
    t = await startTestApp(backend);
    ids.appId = (await seedTeam(t)).appId;
    // a small limit for the GAID lists, so that one byte past it is a small request
    await t.database.query('UPDATE apps SET upload_file_limit = $1 WHERE id = $2', [
      GAID_LIMIT_MB,
      ids.appId,
    ]);
    clients.owner = await clientFor(t, 'owner');
    clients.root = await clientFor(t, 'root');
    await clients.owner.post(`/tcm/v1/app/${ids.appId}/tag/create`, {
      name: 'Buyers',
      code: 'buyers',
      flag: 'LABEL',
    });
    ids.tagId = (await clients.owner.post(`/tcm/v1/app/${ids.appId}/tag/list`, {})).json<{
      data: { results: Array<{ id: number }> };
    }>().data.results[0]!.id;
  });
  afterAll(async () => t?.close());

  const send = (c: UploadCase, file: { filename: string; content: Buffer }) =>
    postMultipart(
      t,
      clients[c.who],
      c.url(ids),
      multipartBody([...(c.fields ?? []), { filename: file.filename, content: file.content }]),
    );

  /** Rows that an accepted upload would add. */
  const stored = async () =>
    (
      await t.database.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM files) + (SELECT count(*) FROM firebase_uploads)
              + (SELECT count(*) FROM message_gaid_lists) + (SELECT count(*) FROM materials)
              + (SELECT count(*) FROM model_control_uploads) AS n`,
      )
    )[0]!.n;

  it('has a case for every upload route the server registers', () => {
    const uploads = [...t.app.bodyKinds].filter(([, kind]) => kind === 'upload').map(([key]) => key);
    expect(uploads.sort()).toEqual(Object.keys(CASES).sort());
  });

  it.each(Object.keys(CASES))('%s: one byte past the limit is refused naming the file', async (key) => {
    const c = CASES[key]!;
    const before = await stored();
    const res = await send(c, c.over());
    const body = res.json<{ status: number; msg: string; data?: { fields?: Array<{ field: string }> } }>();
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
    expect(body.status, res.body.slice(0, 300)).not.toBe(200);
    // a 400 names the part (`file`, or the field it fills); a route's own code says the file is too large
    if (body.status === 400) expect(body.data?.fields?.map((f) => f.field)).toEqual([c.field ?? 'file']);
    else expect(body.msg, res.body.slice(0, 300)).toMatch(/file|larger|too large|too big/i);
    expect(await stored()).toBe(before);
  });

  it.each(Object.keys(CASES))('%s: a file of the wrong type is refused', async (key) => {
    const c = CASES[key]!;
    const before = await stored();
    const res = await send(c, c.wrong());
    const body = res.json<{ status: number; data?: unknown }>();
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
    // the materials import answers a file that is no .xlsx as a problem of row 0 (its convention for the sheet)
    if (key.endsWith('/material/upload'))
      expect(body, res.body.slice(0, 300)).toMatchObject({
        status: 200,
        data: {
          created: [],
          problems: [{ row: 0, message: expect.stringMatching(/not an Excel workbook/) as unknown }],
        },
      });
    else expect(body.status, res.body.slice(0, 300)).not.toBe(200);
    expect(await stored()).toBe(before);
  });
});
