import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import { startTestApp, type TestApp } from '../test/test-app';
import { registerRawRoute } from '../lib/register-call';
import { COMPRESS_THRESHOLD, compressionPlugin } from './compression';

describe.each(backends('one'))('compressed JSON answers [$name]', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('compresses a JSON answer over 1 kB with br or gzip, as the client accepts', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/tcm/docs/json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/tcm/docs/json',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-type'], accept).toMatch(/^application\/json/);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(String(res.headers['vary']), accept).toContain('accept-encoding');
      expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 2);
      expect(decode(res.rawPayload).equals(plain.rawPayload), accept).toBe(true);
    }
  });

  it('sends a download as it is, with its length (a raw route)', async () => {
    for (const url of ['/static/material3.xlsx', '/static/GAID.txt']) {
      const plain = await t.app.inject({ method: 'GET', url });
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(Number(res.headers['content-length']), url).toBe(res.rawPayload.length);
      expect(res.rawPayload.equals(plain.rawPayload), url).toBe(true);
    }
  });

  it('answers HEAD for it with no body', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: '/tcm/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('leaves an answer under 1 kB as it is, and the error envelope readable', async () => {
    for (const [method, url] of [
      ['GET', '/healthz'],
      ['GET', '/tcm/v1/nothing/here'],
      ['POST', '/tcm/v1/user/login/status'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.rawPayload.length, url).toBeLessThan(COMPRESS_THRESHOLD);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      if (url !== '/healthz') expect(res.json<{ status: number }>().status, url).not.toBe(200);
    }
  });
});

describe('the compression plugin', () => {
  let app: FastifyInstance;
  const csv = Array.from({ length: 200 }, (_, i) => `${i},row ${i}`).join('\n');
  const big = { list: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `row ${i}` })) };
  beforeAll(async () => {
    app = Fastify();
    await app.register(compressionPlugin);
    app.get('/tcm/big', async () => big);
    app.get('/sdk/v1/big', async () => big);
    app.get('/tcm/fail', async () => {
      throw new Error('x'.repeat(2000));
    });
    app.get('/files/big.json', async () => big);
    registerRawRoute(
      app,
      { method: 'GET', url: '/tcm/export.csv', summary: 'a download', access: 'public' },
      async ({ reply }) => reply.header('content-type', 'text/csv; charset=utf-8').send(csv),
    );
    app.setErrorHandler((error, _req, reply) =>
      reply.code(500).send({ status: 500, msg: (error as Error).message, data: null }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });

  it('compresses an error envelope over 1 kB like any JSON answer', async () => {
    const res = await get('/tcm/fail');
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toMatchObject({
      status: 500,
      msg: 'x'.repeat(2000),
    });
  });

  it('compresses the console API only: not the device API, whatever its size, nor other routes', async () => {
    expect((await get('/tcm/big')).headers['content-encoding']).toBe('gzip');
    for (const url of ['/sdk/v1/big', '/files/big.json']) {
      const res = await get(url);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.headers['vary'], url).toBeUndefined();
      expect(res.json(), url).toEqual(big);
    }
  });

  it('leaves a console API download (a raw route) as it is, with its length', async () => {
    const res = await get('/tcm/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(csv));
    expect(res.body).toBe(csv);
  });
});
