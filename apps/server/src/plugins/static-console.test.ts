import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import { startTestApp, type TestApp } from '../test/test-app';

describe.each(backends('one'))('the console beside the API [$name]', (backend) => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'beacon-console-'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Beacon</title>');
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'export {};');
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

  it('serves a built asset for a year, immutable (its name changes with its content)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
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
