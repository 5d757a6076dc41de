// Users and attributes through the device API (issue 33 §1), on PGlite and PostgreSQL: naming, switching and signing
// out users, devices sharing a user, every type set and unset, every limit's 400 naming the field, the type fixed by the
// first write, and a refused call batched with good ones (they land, it alone is refused).
import { ATTRIBUTE_LIMITS } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { gaid, registerSdkDevice, sdkAuthOf, sdkDevice } from '../../test/devices';
import { startTestApp, type TestApp } from '../../test/test-app';
import { UserAttributesRepository } from './user-attributes.repository';
import { UserAttributesService } from './user-attributes.service';

describe.each(backends())('device API users and attributes [$name]', (backend) => {
  let t: TestApp;
  let auth: string;
  let appId: number;
  const post = (url: string, body: unknown, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: auth, 'accept-language': lang },
      payload: body as object,
    });
  const name = (i: number, externalId: string | null) => post('/sdk/v1/user', { gaid: gaid(i), externalId });
  const setAttrs = (i: number, attributes: Record<string, unknown>, lang?: string) =>
    post('/sdk/v1/attributes', { gaid: gaid(i), attributes }, lang);
  /** The device's user: its external id and attributes, or null. */
  const userOf = async (i: number) =>
    (
      await t.database.query<{ externalId: string | null; attributes: Record<string, unknown> }>(
        `SELECT u.external_id AS "externalId", u.attributes FROM devices d JOIN app_users u ON u.id = d.user_id
         WHERE d.app_id = $1 AND d.gaid = $2`,
        [appId, gaid(i)],
      )
    )[0] ?? null;
  const fieldsOf = (res: { json(): unknown }) =>
    (res.json() as { data: { fields: Array<{ field: string }> } }).data.fields.map((f) => f.field);

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.services.users.upsertAdmin('owner@example.com', 'Owner#2024', 100);
    const owner = await t.services.users.resolveSession(
      await t.services.users.openSession(1, { ip: '', userAgent: '' }),
    );
    const { app, appSecret } = await t.services.apps.create({
      title: 'Shop',
      pkg: 'com.example.shop',
      owner: { userId: owner!.user.id, email: owner!.user.email },
    });
    appId = app.id;
    auth = sdkAuthOf(app, appSecret);
    for (let i = 1; i <= 12; i++) await registerSdkDevice(t, auth, sdkDevice(i));
  });
  afterAll(async () => t.close());

  it('names a user, shares it between devices, switches and signs out', async () => {
    expect((await name(1, 'user-42')).json()).toMatchObject({ status: 200 });
    expect((await name(2, 'user-42')).json()).toMatchObject({ status: 200 });
    expect(await userOf(1)).toEqual({ externalId: 'user-42', attributes: {} });
    // several devices, one user: a write from one is the other's too
    expect((await setAttrs(1, { plan: 'gold' })).json()).toMatchObject({ status: 200 });
    expect((await userOf(2))?.attributes).toEqual({ plan: 'gold' });
    // device 2 signs in as someone else, then signs out
    await name(2, 'user-7');
    expect(await userOf(2)).toEqual({ externalId: 'user-7', attributes: {} });
    await name(2, null);
    expect(await userOf(2)).toBeNull();
    expect(await userOf(1)).toEqual({ externalId: 'user-42', attributes: { plan: 'gold' } });
    // naming again the same user writes nothing new; user-42 still exists once
    await name(1, 'user-42');
    const [n] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM app_users WHERE app_id = $1 AND external_id = 'user-42'`,
      [appId],
    );
    expect(n?.n).toBe(1);
  });

  it('gives a device with no user an anonymous one, merged into the user it is named as', async () => {
    expect((await setAttrs(3, { onboarded: true, plan: 'free' })).json()).toMatchObject({ status: 200 });
    expect(await userOf(3)).toEqual({ externalId: null, attributes: { onboarded: true, plan: 'free' } });
    // user-42 has plan gold: its own value wins, the anonymous one's other keys carry over
    await name(3, 'user-42');
    expect(await userOf(3)).toEqual({ externalId: 'user-42', attributes: { plan: 'gold', onboarded: true } });
    const [anon] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM app_users WHERE app_id = $1 AND external_id IS NULL',
      [appId],
    );
    expect(anon?.n).toBe(0);
  });

  it('sets and unsets each type; dates are stored normalised', async () => {
    await name(4, 'types');
    const res = await setAttrs(4, {
      nickname: 'Ada',
      score: 12.5,
      vip: false,
      birthday: '1990-05-17',
      last_order: '2026-03-01T10:00:00+01:00',
      tags: ['shoes', 'bags'],
    });
    expect(res.json()).toMatchObject({ status: 200 });
    expect((await userOf(4))?.attributes).toEqual({
      nickname: 'Ada',
      score: 12.5,
      vip: false,
      birthday: '1990-05-17T00:00:00.000Z',
      last_order: '2026-03-01T09:00:00.000Z',
      tags: ['shoes', 'bags'],
    });
    await setAttrs(4, {
      nickname: null,
      score: null,
      vip: null,
      birthday: null,
      last_order: null,
      tags: null,
    });
    expect((await userOf(4))?.attributes).toEqual({});
    const types = await t.database.query<{ key: string; type: number }>(
      'SELECT key, type FROM app_attributes WHERE app_id = $1 ORDER BY key',
      [appId],
    );
    expect(Object.fromEntries(types.map((r) => [r.key, r.type]))).toMatchObject({
      nickname: 1,
      score: 2,
      vip: 3,
      birthday: 4,
      last_order: 4,
      tags: 5,
    });
  });

  const bad: Array<[string, Record<string, unknown>]> = [
    ['attributes.Plan', { Plan: 'x' }],
    ['attributes.1st', { '1st': 'x' }],
    ['attributes.' + 'k'.repeat(65), { ['k'.repeat(65)]: 'x' }],
    ['attributes.note', { note: 's'.repeat(ATTRIBUTE_LIMITS.stringMax + 1) }],
    ['attributes.list', { list: Array.from({ length: ATTRIBUTE_LIMITS.listMax + 1 }, () => 'a') }],
    ['attributes.list.1', { list: ['ok', 'l'.repeat(ATTRIBUTE_LIMITS.listItemMax + 1)] }],
    ['attributes.list.0', { list: [3] }],
    ['attributes.obj', { obj: { a: 1 } }],
    ['attributes', {}],
  ];
  it.each(bad)('refuses %s with a 400 naming it, storing nothing', async (field, attributes) => {
    const res = await setAttrs(5, attributes);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContain(field);
    expect(await userOf(5)).toBeNull();
  });

  it('refuses a bad gaid, an unknown field, a too-long external id; 404 for an unknown device', async () => {
    expect(fieldsOf(await post('/sdk/v1/attributes', { gaid: 'x', attributes: { a: 1 } }))).toContain('gaid');
    expect((await post('/sdk/v1/user', { gaid: gaid(5), externalId: 'u', extra: 1 })).statusCode).toBe(400);
    expect(fieldsOf(await name(5, 'u'.repeat(ATTRIBUTE_LIMITS.externalIdMax + 1)))).toContain('externalId');
    expect(fieldsOf(await name(5, ''))).toContain('externalId');
    expect((await name(99, 'u')).statusCode).toBe(404);
    expect((await setAttrs(99, { plan: 'x' })).statusCode).toBe(404);
  });

  it('fixes a type at the first write: another type is a 400 naming the field, in the caller’s language', async () => {
    const res = await setAttrs(6, { score: 'high', plan: 'silver' });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['attributes.score']);
    expect(res.json().msg).toContain('attributes.score');
    // nothing of the call is stored, not even its good key
    expect(await userOf(6)).toBeNull();
    const fr = await setAttrs(6, { score: 'high' }, 'fr');
    expect(fr.json().msg).toContain('attributes.score');
    expect(fr.json().msg).not.toMatch(/must be/);
    // a date attribute takes ISO-8601 texts only; a string one takes any string, a date-looking one too
    expect(fieldsOf(await setAttrs(6, { birthday: 'tomorrow' }))).toEqual(['attributes.birthday']);
    expect(fieldsOf(await setAttrs(6, { birthday: '2026-02-30' }))).toEqual(['attributes.birthday']);
    expect((await setAttrs(6, { nickname: '2026-01-01' })).json().status).toBe(200);
  });

  it('refuses new keys past the app’s limit, naming them; known keys still write', async () => {
    const [row] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM app_attributes WHERE app_id = $1',
      [appId],
    );
    const room = ATTRIBUTE_LIMITS.perApp - row!.n;
    const fill = Object.fromEntries(Array.from({ length: room }, (_, i) => [`fill_${i}`, i]));
    expect((await setAttrs(7, fill)).json()).toMatchObject({ status: 200 });
    const res = await setAttrs(7, { one_more: 1, plan: 'x' });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['attributes.one_more']);
    expect((await setAttrs(7, { plan: 'platinum' })).json().status).toBe(200);
    // over the limit in one call: the shape's own rule
    const many = Object.fromEntries(
      Array.from({ length: ATTRIBUTE_LIMITS.perApp + 1 }, (_, i) => [`k${i}`, 1]),
    );
    expect(fieldsOf(await setAttrs(7, many))).toContain('attributes');
  });

  it('a call refused in its flush fails alone: the good calls of the same group commit land', async () => {
    // a service of its own on a second app: `level` is new to it, so every call below passes the early check and they
    // meet in one flush, where the second definition of `level` (a string after a number) is refused
    const { app: other, appSecret } = await t.services.apps.create({
      title: 'Other',
      pkg: 'com.example.other',
      owner: { userId: 1, email: 'owner@example.com' },
    });
    const otherAuth = sdkAuthOf(other, appSecret);
    for (let i = 20; i < 24; i++) await registerSdkDevice(t, otherAuth, sdkDevice(i));
    const flushes: number[] = [];
    const service = new UserAttributesService(new UserAttributesRepository(t.database), {
      flushObserver: () => ({ flushed: (items) => flushes.push(items) }),
    });
    // the app's definitions read once (city defined), so that the calls below join the batcher in one turn
    await service.setAttributes(other.id, { gaid: gaid(22), attributes: { city: 'Ibadan' } });
    flushes.length = 0;
    const results = await Promise.allSettled([
      service.setAttributes(other.id, { gaid: gaid(20), attributes: { level: 3 } }),
      service.setAttributes(other.id, { gaid: gaid(21), attributes: { level: 'high', city: 'Lagos' } }),
      service.setAttributes(other.id, { gaid: gaid(22), attributes: { city: 'Abuja' } }),
      service.setAttributes(other.id, { gaid: gaid(23), attributes: { level: 5, city: 'Kano' } }),
      // a device never registered: a 404, and its new key is not defined
      service.setAttributes(other.id, { gaid: gaid(99), attributes: { ghost: 1 } }),
    ]);
    await service.drain();
    expect(flushes).toEqual([5]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'rejected',
    ]);
    expect(((results[4] as PromiseRejectedResult).reason as { code: number }).code).toBe(404);
    const keys = await t.database.query<{ key: string }>(
      'SELECT key FROM app_attributes WHERE app_id = $1 ORDER BY key',
      [other.id],
    );
    expect(keys.map((k) => k.key)).toEqual(['city', 'level']);
    const refused = (results[1] as PromiseRejectedResult).reason as {
      data: { fields: Array<{ field: string }> };
    };
    expect(refused.data.fields.map((f) => f.field)).toEqual(['attributes.level']);
    const rows = await t.database.query<{ gaid: string; attributes: Record<string, unknown> | null }>(
      `SELECT d.gaid::text AS gaid, u.attributes FROM devices d LEFT JOIN app_users u ON u.id = d.user_id
       WHERE d.app_id = $1 ORDER BY d.gaid`,
      [other.id],
    );
    expect(rows.map((r) => r.attributes)).toEqual([
      { level: 3 },
      null,
      { city: 'Abuja' },
      { level: 5, city: 'Kano' },
    ]);
  });
});
