// Audit finding 9 (uploads): an image is decoded whole, not trusted from its header; a file's name is stored as a
// display name, never as sent.
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayFileName } from '../lib/file-name';
import { imageDefect } from '../lib/image-integrity';
import { PNG_SIGNATURE, pngChunk } from '../lib/png';
import { serviceAccountJson } from '../test/fixtures/service-accounts';
import { clientFor, seedTeam } from '../test/fixtures/team';
import { imageMultipart, postMultipart, upload } from '../test/fixtures/multipart';
import { makePng, jpegImage, WEBP } from '../test/fixtures/images';
import { gaid } from '../test/devices';
import { backends } from '../test/databases';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app';

/** A 64×64 RGBA PNG whose IDAT holds `rows` rows (64 announced), with valid CRCs and an IEND. */
function pngWithRows(rows: number, cutStream = false): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(64, 0);
  ihdr.writeUInt32BE(64, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  let idat = deflateSync(Buffer.alloc(rows * (1 + 64 * 4), 0));
  if (cutStream) idat = idat.subarray(0, idat.length - 6);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** `data` with its RIFF size rewritten to the new length (a WebP cut and "repaired" to match). */
function riffFixed(data: Buffer): Buffer {
  const copy = Buffer.from(data);
  copy.writeUInt32LE(copy.length - 8, 4);
  return copy;
}

const png = makePng(64, 64);
const jpeg = jpegImage(64, 64);
/** The 2×2 baseline JPEG the tests used to upload: a frame header but no scan at all. */
const JPEG_HEADER_ONLY = Buffer.from(
  'ffd8ffe000104a46494600010100000100010000ffc0000b080040004001011100ffd9',
  'hex',
);

const TRUNCATED: Array<[string, Buffer]> = [
  ['a PNG cut in its IDAT', png.subarray(0, Math.floor(png.length / 2))],
  ['a PNG without its IEND', png.subarray(0, png.length - 12)],
  ['a PNG whose IDAT holds fewer rows than IHDR says', pngWithRows(40)],
  ['a PNG whose compressed stream is cut (CRCs valid)', pngWithRows(64, true)],
  ['a JPEG cut in its scan (no EOI)', jpeg.subarray(0, jpeg.length - 20)],
  ['a JPEG cut in a segment', jpeg.subarray(0, 100)],
  ['a JPEG with a frame header but no scan', JPEG_HEADER_ONLY],
  ['a lossy WebP cut (RIFF size larger than the file)', WEBP.lossy.subarray(0, WEBP.lossy.length - 4)],
  ['a lossy WebP cut with its RIFF size fixed', riffFixed(WEBP.lossy.subarray(0, WEBP.lossy.length - 8))],
  ['a lossless WebP cut', WEBP.lossless.subarray(0, WEBP.lossless.length - 1)],
  ['an extended WebP without its image chunk', riffFixed(WEBP.alpha.subarray(0, 30 + 8 + 12))],
];

describe('imageDefect', () => {
  it.each([
    ['png', png],
    ['jpg', jpeg],
    ['webp', WEBP.lossy],
    ['webp', WEBP.lossless],
    ['webp', WEBP.alpha],
  ] as const)('finds a complete %s whole', (type, data) => {
    expect(imageDefect(data, type)).toBeUndefined();
  });

  it.each(TRUNCATED)('finds %s incomplete', (_name, data) => {
    const type = data[0] === 0x89 ? 'png' : data[0] === 0xff ? 'jpg' : 'webp';
    expect(imageDefect(data, type)).toEqual(expect.any(String));
  });
});

describe('displayFileName', () => {
  it.each([
    ['../../etc/passwd\u202e.png', 'passwd.png'],
    ['C:\\Users\\me\\Desktop\\logo.webp', 'logo.webp'],
    ['in\u0000voice\u2066\u200b.json', 'invoice.json'],
    ['  spaced   out  .txt', 'spaced out.txt'],
    ['..', 'file'],
    ['.png', 'file.png'],
  ])('shows %j as %j', (sent, shown) => {
    expect(displayFileName(sent)).toBe(shown);
  });

  it('keeps at most 100 characters, the extension included', () => {
    const shown = displayFileName(`${'é'.repeat(300)}.png`);
    expect(Array.from(shown)).toHaveLength(100);
    expect(shown.endsWith('.png')).toBe(true);
  });
});

describe.each(backends('one'))('uploaded files [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let owner: TestClient;
  const image = (data: Buffer, name: string, kind = 'customIcon') =>
    postMultipart(t, owner, `/tcm/v1/app/${appId}/upload/image`, imageMultipart(data, name, kind));

  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ appId } = await seedTeam(t));
    owner = await clientFor(t, 'owner');
  });
  afterAll(() => t?.close());

  it('accepts complete PNG, JPEG and WebP images', async () => {
    for (const [name, data] of [
      ['a.png', png],
      ['a.jpg', jpeg],
      ['lossy.webp', WEBP.lossy],
      ['lossless.webp', WEBP.lossless],
      ['alpha.webp', WEBP.alpha],
    ] as const) {
      expect((await image(data, name)).json(), name).toMatchObject({ status: 200, data: { name } });
    }
  });

  it.each(TRUNCATED)('refuses %s with status 400 naming the file', async (_name, data) => {
    const res = (await image(data, 'holiday.img')).json();
    expect(res.status).toBe(400);
    expect(res.msg).toContain('file "holiday.img" is truncated or damaged');
    expect(res.data.fields).toEqual([{ field: 'file', message: expect.stringContaining('"holiday.img"') }]);
  });

  it('refuses a truncated logo and small icon the same way, naming their field', async () => {
    const logo = makePng(120, 120);
    const res = await upload(
      t,
      owner,
      '/tcm/v1/app/upload/logo',
      'logo.png',
      logo.subarray(0, logo.length - 12),
    );
    expect(res.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'logo' }] } });
    expect(res.json().msg).toContain('"logo.png" is truncated or damaged');
    const icon = makePng(60, 60);
    const bad = await upload(t, owner, `/tcm/v1/app/${appId}/icon/upload`, 'i.png', icon.subarray(0, 100));
    expect(bad.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'icon' }] } });
  });

  it('stores and echoes a sanitised display name, never the name as sent', async () => {
    // an image not uploaded before: files are content-addressed and keep the first name
    const res = (await image(makePng(48, 48), '../../etc/passwd\u202e.png')).json();
    expect(res).toMatchObject({ status: 200, data: { name: 'passwd.png' } });
    const sha = /\/files\/([0-9a-f]{64})\.png$/.exec(res.data.url)![1];
    const [row] = await t.database.query<{ name: string }>('SELECT name FROM files WHERE sha256 = $1', [sha]);
    expect(row?.name).toBe('passwd.png');

    const long = (await image(jpegImage(32, 32), `${'x'.repeat(150)}\u202e.jpg`)).json();
    expect(long.data.name).toBe(`${'x'.repeat(96)}.jpg`);

    const json = await upload(
      t,
      owner,
      '/tcm/v1/app/upload/firebase',
      '..\\keys\\sa\u202e.json',
      serviceAccountJson(),
    );
    expect(json.json()).toMatchObject({ status: 200, data: { name: 'sa.json' } });

    const txt = await upload(
      t,
      owner,
      `/tcm/v1/app/${appId}/upload`,
      'ids\u2067.txt',
      `${gaid(1)}\n${gaid(2)}\n`,
    );
    expect(txt.json()).toMatchObject({ status: 200, data: { name: 'ids.txt' } });
  });
});
