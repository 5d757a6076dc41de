import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossSiteOrigin } from '../lib/cross-site';
import { multipartFile, upload } from '../test/fixtures/multipart';
import { clientFor, seedTeam } from '../test/fixtures/team';
import { backends } from '../test/databases';
import { registerSdkDevice, sdkDevice } from '../test/devices';
import { NOTIFICATION } from '../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app';

const PUBLIC = 'http://beacon.test';

describe('crossSiteOrigin', () => {
  const check = (h: Partial<Parameters<typeof crossSiteOrigin>[0]>) =>
    crossSiteOrigin(
      { method: 'POST', origin: undefined, secFetchSite: undefined, host: 'beacon.test', ...h },
      [PUBLIC],
    );
  it('lets same-origin, typed and non-browser requests through', () => {
    expect(check({ secFetchSite: 'same-origin', origin: PUBLIC })).toBeUndefined();
    expect(check({ secFetchSite: 'none' })).toBeUndefined();
    expect(check({})).toBeUndefined();
    expect(check({ origin: PUBLIC })).toBeUndefined();
    expect(check({ origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' })).toBeUndefined();
    expect(
      check({ method: 'GET', secFetchSite: 'cross-site', origin: 'http://evil.example' }),
    ).toBeUndefined();
  });
  it('refuses other sites, sibling subdomains and other ports of the same host', () => {
    expect(check({ secFetchSite: 'cross-site', origin: 'http://evil.example' })).toBe('http://evil.example');
    expect(check({ secFetchSite: 'same-site', origin: 'http://shop.beacon.test' })).toBe(
      'http://shop.beacon.test',
    );
    expect(check({ origin: 'http://evil.example' })).toBe('http://evil.example');
    expect(check({ origin: 'http://beacon.test:8081' })).toBe('http://beacon.test:8081');
    expect(check({ origin: 'null' })).toBe('null');
  });
});

/**
 * Audit finding 3 (cross-site requests) and the request-shape parts of finding 9, through the real server: a
 * text/plain post cancelling a message and a multipart form tagging devices from another origin are refused
 * before anything happens; the console gets its security headers; upload parts must be named `file`; callers
 * without access learn nothing about a route's fields; deleting a scheduled message says to cancel it.
 */
describe.each(backends('one'))('cross-site requests and request shapes [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let owner: TestClient;
  let tester: TestClient;
  let team: Awaited<ReturnType<typeof seedTeam>>;

  beforeAll(async () => {
    t = await startTestApp(backend);
    team = await seedTeam(t);
    appId = team.appId;
    // one device, so that a message has an audience
    await registerSdkDevice(t, team.sdkAuth, sdkDevice(1));
    owner = await clientFor(t, 'owner');
    tester = await clientFor(t, 'tester');
  });
  afterAll(async () => t?.close());

  const scheduled = async () => {
    const at = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const res = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      title: 'Later',
      data: NOTIFICATION,
      pushCount: 1,
      targetingType: 0,
      scheduleType: 2,
      scheduleDate: `${at} 12:00:00`,
      timeZone: '+0000',
    });
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    return res.json<{ data: { id: number } }>().data.id;
  };
  const statusOf = async (id: number) =>
    (await owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id })).json<{ data: { status: number } }>().data
      .status;

  it('refuses a text/plain post from another site: the message is not cancelled', async () => {
    const id = await scheduled();
    const before = await statusOf(id);
    for (const headers of [
      { origin: 'http://evil.example', 'content-type': 'text/plain' },
      { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
      { origin: 'http://shop.beacon.test', 'sec-fetch-site': 'same-site', 'content-type': 'text/plain' },
      { origin: 'http://beacon.test:8081', 'content-type': 'text/plain' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/tcm/v1/app/${appId}/msg/${id}/cancel`,
        headers: { ...headers, cookie: owner.cookie },
        payload: '{}',
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, msg: expect.stringContaining('Cross-site') });
    }
    // without Origin (not a browser page), a text/plain body is still not JSON: 415
    const plain = await t.app.inject({
      method: 'POST',
      url: `/tcm/v1/app/${appId}/msg/${id}/cancel`,
      headers: { cookie: owner.cookie, 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(plain.statusCode).toBe(415);
    expect(await statusOf(id)).toBe(before);
    // the console itself (same origin) may
    const ok = await t.app.inject({
      method: 'POST',
      url: `/tcm/v1/app/${appId}/msg/${id}/cancel`,
      headers: { cookie: owner.cookie, origin: PUBLIC, 'sec-fetch-site': 'same-origin' },
      payload: {},
    });
    expect(ok.json()).toMatchObject({ status: 200 });
  });

  it('refuses a multipart form from another site: no device is tagged, no file stored', async () => {
    const created = await owner.post(`/tcm/v1/app/${appId}/tag/create`, {
      name: 'Evil',
      nameEn: 'Evil',
      desc: 'x',
      code: 'evil_tag',
      flag: 'LABEL',
    });
    const tags = await owner.post(`/tcm/v1/app/${appId}/tag/list`, {});
    const tagId = (tags.json<{ data: { results: Array<{ id: number }> } }>().data.results[0] ?? { id: 0 }).id;
    expect(created.json().status, created.body).toBe(200);
    const { payload, headers } = multipartFile('ids.txt', '00000000-0000-4000-8000-000000000001\n');
    const files = async () =>
      Number((await t.database.query<{ n: string }>('SELECT count(*)::text AS n FROM files'))[0]?.n);
    const before = await files();
    for (const url of [`/tcm/v1/app/${appId}/tag/${tagId}/import`, '/tcm/v1/app/upload/logo']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: {
          ...headers,
          cookie: owner.cookie,
          origin: 'http://evil.example',
          'sec-fetch-site': 'cross-site',
        },
      });
      expect(res.statusCode, url).toBe(403);
    }
    expect(await files()).toBe(before);
  });

  it('sends the console security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/tcm/v1/system/info' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers the device API with nosniff and without the browser headers, which cost every call', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sdk/v1/register',
      headers: { authorization: team.sdkAuth },
      payload: sdkDevice(2),
    });
    expect(res.json<{ status: number }>().status).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('reads an upload only from the part named file', async () => {
    const boundary = '----beacon-test';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="avatar"; filename="sa.json"',
      'Content-Type: application/json',
      '',
      '{"type":"service_account"}',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/tcm/v1/app/upload/firebase',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'avatar' }] } });
    const named = await upload(t, owner, '/tcm/v1/app/upload/firebase', 'sa.json', '{"type":"x"}');
    expect(named.json().data?.fields?.[0]?.field).not.toBe('avatar');
  });

  it('checks access before the body: a caller without the level never sees field errors', async () => {
    const bad = { title: 123, description: ['x'] };
    const res = await tester.post(`/tcm/v1/app/${appId}/update`, bad);
    expect(res.json()).toMatchObject({ status: 1002 });
    expect(JSON.stringify(res.json())).not.toContain('title');
    const stranger = await clientFor(t, 'stranger');
    expect((await stranger.post(`/tcm/v1/app/${appId}/tag/create`, bad)).json()).toMatchObject({
      status: 1002,
    });
    expect(
      (await t.app.inject({ method: 'POST', url: `/tcm/v1/app/${appId}/update`, payload: bad })).statusCode,
    ).toBe(401);
    expect((await owner.post(`/tcm/v1/app/${appId}/update`, bad)).json()).toMatchObject({ status: 400 });
  });

  it('refuses to delete a message still waiting for its time as not started, not "while sending"', async () => {
    const id = await scheduled();
    const res = await owner.post(`/tcm/v1/app/${appId}/msg/${id}/delete`, {});
    expect(res.json()).toMatchObject({
      status: 21024,
      msg: expect.stringContaining('once its time has passed'),
    });
    expect((await owner.post(`/tcm/v1/app/${appId}/msg/${id}/cancel`, {})).json().status).toBe(200);
    // a "send now" message may be deleted: it leaves the list
    const now = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      title: 'Now',
      data: NOTIFICATION,
      pushCount: 1,
      targetingType: 0,
      scheduleType: 1,
    });
    const nowId = now.json<{ data: { id: number } }>().data.id;
    expect((await owner.post(`/tcm/v1/app/${appId}/msg/${nowId}/delete`, {})).json().status).toBe(200);
    const [row] = await t.database.query<{ status: number; deleted: boolean }>(
      'SELECT status, deleted FROM messages WHERE id = $1',
      [nowId],
    );
    expect(row).toEqual({ status: 14, deleted: true });
  });
});
