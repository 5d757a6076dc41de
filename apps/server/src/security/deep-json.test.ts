import { LIMITS } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan } from '../lib/json-body';
import { backends } from '../test/databases';
import { clientFor, seedTeam } from '../test/fixtures/team';
import { startTestApp, type TestApp } from '../test/test-app';

/**
 * Hardening item 2: `{"email":[[[…]]]}` nested 5,000–20,000 deep answered 500 after a second of CPU (the NUL walk of
 * lib/validator.ts ran out of stack). Any body deeper than LIMITS.jsonDepthMax is refused with a 400 naming the body
 * before it is parsed, on every route of both APIs.
 */
const nested = (depth: number, leaf = '"x"') => `{"email":${'['.repeat(depth)}${leaf}${']'.repeat(depth)}}`;

describe('jsonNestsDeeperThan', () => {
  it('counts objects and arrays, not brackets inside strings or escaped quotes', () => {
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(jsonNestsDeeperThan(`{"a":"${'['.repeat(500)}"}`, 1)).toBe(false);
    expect(jsonNestsDeeperThan(`{"a":"\\"${'{'.repeat(500)}"}`, 1)).toBe(false);
    expect(jsonNestsDeeperThan('[[[]]],[[[]]]', 3)).toBe(false);
    expect(jsonNestsDeeperThan(nested(LIMITS.jsonDepthMax - 1), LIMITS.jsonDepthMax)).toBe(false);
    expect(jsonNestsDeeperThan(nested(LIMITS.jsonDepthMax), LIMITS.jsonDepthMax)).toBe(true);
  });
});

describe.each(backends('one'))('deeply nested JSON bodies [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let sdkAuth: string;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ appId, sdkAuth } = await seedTeam(t));
    cookie = (await clientFor(t, 'root')).cookie;
  });
  afterAll(async () => t?.close());

  const send = (url: string, payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json', cookie, ...headers },
    });

  const expectBodyRefused = (res: Awaited<ReturnType<typeof send>>, what: string) => {
    expect([what, res.statusCode], res.body.slice(0, 300)).toEqual([what, 400]);
    const body = res.json<{ status: number; msg: string; data: { fields: Array<{ field: string }> } }>();
    expect(body.status).toBe(400);
    expect(body.data.fields.map((f) => f.field)).toEqual(['body']);
    expect(body.msg).toContain(String(LIMITS.jsonDepthMax));
  };

  it('refuses the audit’s bodies (5,000 and 20,000 deep) with a 400 naming the body, in the reader’s language', async () => {
    for (const depth of [5_000, 20_000]) {
      for (const url of ['/tcm/v1/app/list', '/tcm/v1/user/save', `/tcm/v1/app/${appId}/info`]) {
        expectBodyRefused(await send(url, nested(depth)), `${url} ${depth}`);
      }
    }
    const zh = await send('/tcm/v1/app/list', nested(5_000), { 'accept-language': 'zh' });
    expect(zh.json<{ msg: string }>().msg).toContain('嵌套');
    const fr = await send('/tcm/v1/app/list?lang=fr', nested(5_000), { 'accept-language': 'fr' });
    expect(fr.json<{ msg: string }>().msg).toContain('imbrique');
  });

  it('refuses it on every POST route of the console API and of the device API, never 500', async () => {
    const routes = [...t.app.accessRules.keys()]
      .filter((key) => key.startsWith('POST '))
      .map((key) =>
        key
          .slice('POST '.length)
          .replace(/:(\w+)/g, (_, name: string) => (name === 'appId' ? String(appId) : '1')),
      );
    expect(routes.length).toBeGreaterThan(100);
    for (const url of routes) expectBodyRefused(await send(url, nested(10_000)), url);
    for (const url of ['/sdk/v1/register', '/sdk/v1/heartbeat', '/sdk/v1/events']) {
      expectBodyRefused(await send(url, nested(10_000), { authorization: sdkAuth }), url);
    }
  });

  it('still takes a body at the limit: the depth check refuses only what nests deeper', async () => {
    const res = await send('/tcm/v1/user/save', nested(LIMITS.jsonDepthMax - 1));
    expect(res.statusCode).toBe(400);
    // past the parser: the contract's own refusal names the email (not a text), not the body
    const fields = res.json<{ data: { fields: Array<{ field: string }> } }>().data.fields.map((f) => f.field);
    expect(fields).toContain('email');
    expect(fields).not.toContain('body');
  });
});
