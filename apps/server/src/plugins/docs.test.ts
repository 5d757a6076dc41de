import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import { startTestApp, type TestApp } from '../test/test-app';
import { repoRoot } from '../lib/repo-root';
import { docsPlugin } from './docs';

describe('the guides behind the console’s Docs link', () => {
  let app: FastifyInstance;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'beacon-docs-'));
    writeFileSync(
      path.join(root, 'sdk-api.md'),
      '# Device API (`/sdk/v1`)\n\nSee [the console API](api.md#keys), [the code](../apps/server/src/app.ts) and ' +
        '[FCM](https://firebase.google.com/docs).\n\n| a | b |\n| - | - |\n| 1 | 2 |\n',
    );
    writeFileSync(path.join(root, 'api.md'), '# Console API (issue 31 §2)\n\n## Keys\n');
    mkdirSync(path.join(root, 'plans'));
    writeFileSync(path.join(root, 'plans', 'secret.md'), '# A plan\n');
    writeFileSync(path.join(root, 'README.txt'), 'not a guide');
    app = Fastify();
    await app.register(docsPlugin, { root });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('lists every guide by its title, in name order', async () => {
    const res = await app.inject({ method: 'GET', url: '/tcm/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<h2>For developers</h2><ul><li>');
    expect(res.body).not.toContain('<h2>Running Beacon</h2>');
    const links = [...res.body.matchAll(/<li><a href="([^"]+)">([^<]+)<\/a><\/li>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(links).toEqual([
      ['/tcm/docs/api', 'Console API'],
      ['/tcm/docs/sdk-api', 'Device API (/sdk/v1)'],
    ]);
  });

  it('renders a guide, its links between guides served, its links into the source tree left as text', async () => {
    const res = await app.inject({ method: 'GET', url: '/tcm/docs/sdk-api' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Device API (/sdk/v1) · Beacon docs</title>');
    expect(res.body).toContain('<h1 id="device-api-sdkv1">Device API (<code>/sdk/v1</code>)</h1>');
    // the anchors of links between guides (api.md#keys) exist
    const api = await app.inject({ method: 'GET', url: '/tcm/docs/api' });
    expect(api.body).toContain('<h2 id="keys">Keys</h2>');
    expect(res.body).toContain('<a href="/tcm/docs/api#keys">the console API</a>');
    expect(res.body).toContain(' the code and ');
    expect(res.body).not.toContain('../apps/server');
    expect(res.body).toContain('<a href="https://firebase.google.com/docs">FCM</a>');
    expect(res.body).toContain('<table>');
  });

  it('serves nothing but the guides: not the plans, no other file, no path out of the folder', async () => {
    for (const url of [
      '/tcm/docs/plans',
      '/tcm/docs/secret',
      '/tcm/docs/README',
      '/tcm/docs/..%2F..%2Fpackage',
      '/tcm/docs/API',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('is not one of the guides');
    }
  });
});

describe.each(backends('one'))('the Docs link on the server [$name]', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the repository’s guides to anyone, beside the OpenAPI document', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/tcm/docs' });
    expect(index.statusCode).toBe(200);
    for (const guide of ['sdk-api', 'api', 'journeys', 'statistics', 'privacy-policy', 'user-agreement'])
      expect(index.body).toContain(`href="/tcm/docs/${guide}"`);
    expect(index.body).not.toContain('/tcm/docs/plans');
    const sdk = await t.app.inject({ method: 'GET', url: '/tcm/docs/sdk-api' });
    expect(sdk.statusCode).toBe(200);
    expect(sdk.body).toContain('POST /sdk/v1/register');
    // every page the console links to (the top bar's Docs, the apps grid's privacy policy and user agreement)
    const linked = new Set<string>();
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(dir, e.name));
        else if (/\.tsx?$/.test(e.name))
          for (const m of readFileSync(path.join(dir, e.name), 'utf8').matchAll(
            /["'`](\/tcm\/docs[^"'`?#]*)/g,
          ))
            linked.add(m[1]!);
      }
    };
    walk(path.join(repoRoot, 'apps/console/src'));
    expect([...linked].sort()).toEqual(['/tcm/docs', '/tcm/docs/privacy-policy', '/tcm/docs/user-agreement']);
    for (const url of linked) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    const openapi = await t.app.inject({ method: 'GET', url: '/tcm/docs/json' });
    expect(openapi.json()).toMatchObject({ openapi: expect.any(String) });
  });
});
