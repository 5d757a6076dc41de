import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import { startTestApp, type TestApp } from '../test/test-app';

/** A script of 6 kB, compressible as a bundle is. */
const SCRIPT = Buffer.from(
  Array.from({ length: 120 }, (_, i) => `export const value${i} = { id: ${i}, label: 'item ${i}' };`).join(
    '\n',
  ),
);

describe.each(backends('one'))('the console beside the API [$name]', (backend) => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'beacon-console-'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Beacon</title>');
    writeFileSync(
      path.join(root, 'index.html.br'),
      brotliCompressSync('<!doctype html><title>Beacon</title>'),
    );
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'export {};');
    // as the console's build writes them: the script and its .br and .gz copies
    writeFileSync(path.join(root, 'assets', 'main-def456.js'), SCRIPT);
    writeFileSync(path.join(root, 'assets', 'main-def456.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(root, 'assets', 'main-def456.js.gz'), gzipSync(SCRIPT));
    t = await startTestApp(backend, {}, { consoleRoot: root });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers a console address with index.html, to GET and to HEAD, with the browser headers', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: '/app/12/message/editpush' });
      expect(res.statusCode, method).toBe(200);
      expect(res.headers['content-type'], method).toMatch(/^text\/html/);
      // revalidated on every visit: a new build's index.html names the new assets
      expect(res.headers['cache-control'], method).toBe('no-cache');
      expect(String(res.headers['content-security-policy']), method).toContain("frame-ancestors 'none'");
      expect(res.body, method).toBe(method === 'GET' ? '<!doctype html><title>Beacon</title>' : '');
    }
  });

  it('answers a console address with the .br copy of index.html to a browser that accepts br', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/app/12/message/editpush',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toBe('accept-encoding');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('<!doctype html><title>Beacon</title>');
  });

  it('serves a built asset for a year, immutable (its name changes with its content)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the .br copy of an asset to a browser that accepts br, the .gz to one that accepts gzip', async () => {
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['br', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/main-def456.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toMatch(/^(?:text|application)\/javascript/);
      expect(res.headers['vary'], accept).toBe('accept-encoding');
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.length, accept).toBeLessThan(SCRIPT.length / 4);
      expect(Number(res.headers['content-length']), accept).toBe(res.rawPayload.length);
      expect(decode(res.rawPayload).equals(SCRIPT), accept).toBe(true);
    }
  });

  it('sends the file as it is to a client that accepts neither, still saying it varies', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/assets/main-def456.js', headers });
      const label = JSON.stringify(headers);
      expect(res.statusCode, label).toBe(200);
      expect(res.headers['content-encoding'], label).toBeUndefined();
      expect(res.headers['vary'], label).toBe('accept-encoding');
      expect(res.rawPayload.equals(SCRIPT), label).toBe(true);
    }
  });

  it('answers HEAD for a compressed asset with its headers and no body', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: '/assets/main-def456.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toBe('accept-encoding');
    expect(res.body).toBe('');
  });

  it('keeps the JSON 404 for unknown API paths, and for other methods', async () => {
    for (const [method, url] of [
      ['GET', '/tcm/v1/nothing/here'],
      ['HEAD', '/sdk/v1/nothing'],
      ['POST', '/app/12/message/editpush'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      if (method !== 'HEAD') expect(res.json<{ status: number }>().status, url).toBe(404);
    }
  });
});
