import { DeviceRegister } from '@beacon/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, seedTeam, TEAM } from '../test/fixtures/team';
import { gaid, sdkDevice } from '../test/devices';
import { backends } from '../test/databases';
import { NOTIFICATION } from '../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app';

/**
 * Audit finding 1: a NUL (or another control character) in a text reached PostgreSQL, which refuses it, and the
 * request answered 500; in the SDK's group commit one such registration failed every other app's registrations of
 * the same flush. Text fields now refuse control characters (400 naming the field), any input string holding U+0000
 * is refused by the validator, and a failing flush is split so that only the bad row fails.
 * Finding 9 (part): a boolean is not a number (`uploadFileLimit: true` was 1 MB, `appId: true` app 1).
 */

const NUL = 'x\u0000y';
const C1 = 'x\u0085y';
const BIDI = 'x\u202Eyz';

const device = (over: Record<string, unknown> = {}) => sdkDevice(1, { operator: 'MTN', ...over });

/** A valid body of the app update call. */
const appUpdate = {
  title: 'Shop',
  description: '',
  uploadFileLimit: 30,
  multiLangEnable: false,
  localTimeEnable: false,
  reviewEnable: false,
  materialReviewEnable: false,
  displayPriorityEnable: false,
  linksEnable: false,
};

const fieldsOf = (res: LightMyRequestResponse) =>
  (res.json<{ data?: { fields?: Array<{ field: string; message: string }> } }>().data?.fields ?? []).map(
    (f) => f.field,
  );

/** A 400 envelope (HTTP 400) that names `field`. */
function expectFieldError(res: LightMyRequestResponse, field: string, message?: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{
    status: number;
    msg: string;
    data: { fields: Array<{ field: string; message: string }> };
  }>();
  expect(body.status).toBe(400);
  expect(fieldsOf(res)).toContain(field);
  if (message) expect(body.data.fields.find((f) => f.field === field)?.message).toBe(message);
}

describe.each(backends('one'))('text input and number input [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let otherAppId: number;
  let sdkAuth: string;
  let owner: TestClient;
  let root: TestClient;
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await t.database.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${sql}`, params))[0]?.n);

  beforeAll(async () => {
    t = await startTestApp(backend);
    const seeded = await seedTeam(t);
    appId = seeded.appId;
    sdkAuth = seeded.sdkAuth;
    const user = (await t.repos.users.findByEmail(TEAM.owner))!;
    const other = await t.services.apps.create({
      title: 'Other',
      pkg: 'com.example.other',
      owner: { userId: user.id, email: user.email },
    });
    otherAppId = other.app.id;
    owner = await clientFor(t, 'owner');
    root = await clientFor(t, 'root');
  });
  afterAll(async () => t.close());

  describe('SDK registration', () => {
    const register = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/sdk/v1/register',
        headers: { authorization: sdkAuth },
        payload: body as object,
      });

    it.each(['token', 'brand', 'model', 'appVersion', 'operator'])(
      'refuses U+0000 in %s with 400 naming the field, never 500, storing nothing',
      async (field) => {
        const before = await count('devices');
        const res = await register(device({ gaid: gaid(900), [field]: NUL }));
        expectFieldError(res, field, 'must not contain control characters');
        expect(await count('devices')).toBe(before);
      },
    );

    it.each(['brand', 'model', 'appVersion', 'operator'])(
      'refuses a C1 control and a direction override in %s',
      async (field) => {
        expectFieldError(await register(device({ [field]: C1 })), field);
        expectFieldError(await register(device({ [field]: BIDI })), field);
      },
    );

    it('still registers ordinary devices, names in any script included', async () => {
      const res = await register(
        device({ gaid: gaid(901), brand: 'Xiaomi 小米', operator: 'Orange Côte d’Ivoire' }),
      );
      expect(res.json()).toMatchObject({ status: 200 });
    });

    it('isolates a row the database refuses: the other app’s nine registrations of the same flush succeed', async () => {
      // straight to the service, past validation, as a row the contracts would not catch
      const poisoned = { ...DeviceRegister.parse(device({ gaid: gaid(100) })), brand: 'X\u0000' };
      const good = Array.from({ length: 9 }, (_, i) => DeviceRegister.parse(device({ gaid: gaid(200 + i) })));
      const results = await Promise.allSettled([
        t.services.devices.register(otherAppId, poisoned),
        ...good.map((d) => t.services.devices.register(appId, d)),
      ]);
      expect(results[0]?.status).toBe('rejected');
      expect(results.slice(1).map((r) => r.status)).toEqual(Array(9).fill('fulfilled'));
      const ids = results.slice(1).map((r) => (r as PromiseFulfilledResult<string>).value);
      expect(new Set(ids).size).toBe(9);
      expect(
        await count(`devices WHERE app_id = $1 AND gaid::text = ANY($2::text[])`, [
          appId,
          good.map((d) => d.gaid),
        ]),
      ).toBe(9);
      expect(await count('devices WHERE app_id = $1', [otherAppId])).toBe(0);
    });
  });

  describe('console routes', () => {
    /** An app route of the seeded app (the id is known once beforeAll ran: placeholders until then). */
    const app = (path: string) => `/tcm/v1/app/:appId${path}`;
    const url = (path: string) => path.replace(':appId', String(appId));
    const cases: Array<[string, () => TestClient, string, (v: string) => Record<string, unknown>, string]> = [
      ['app update title', () => owner, app('/update'), (v) => ({ ...appUpdate, title: v }), 'title'],
      [
        'tag name',
        () => owner,
        app('/tag/create'),
        (v) => ({ name: v, code: 'sport', flag: 'LABEL' }),
        'name',
      ],
      [
        'user-group name',
        () => owner,
        app('/group/create'),
        (v) => ({ name: v, conditions: [{ label: 'country', op: 'in', values: ['NG'] }] }),
        'name',
      ],
      [
        'test-device name',
        () => owner,
        app('/device/create'),
        (v) => ({ name: v, gaid: '0f8fad5b-d9cb-469f-a165-70867728950e' }),
        'name',
      ],
      ['user-group list filter', () => owner, app('/group/list'), (v) => ({ name: v }), 'name'],
      ['app list filter', () => owner, '/tcm/v1/app/list', (v) => ({ title: v }), 'title'],
      ['platform sensitive word', () => root, '/tcm/global/sensitive/add', (v) => ({ word: v }), 'word'],
      ['app sensitive word', () => owner, app('/sensitive/add'), (v) => ({ word: v }), 'word'],
      ['sensitive word import', () => root, '/tcm/global/sensitive/import', (v) => ({ text: v }), 'text'],
      [
        'user save description',
        () => root,
        '/tcm/v1/user/save',
        (v) => ({ email: 'new@example.com', source: 1, description: v }),
        'description',
      ],
      [
        'app group name',
        () => owner,
        '/tcm/v1/group/save',
        (v) => ({ groupName: v, apps: [1, 2] }),
        'groupName',
      ],
      [
        'message title',
        () => owner,
        app('/msg/save'),
        (v) => ({
          msgType: 1,
          targetingType: 0,
          scheduleType: 1,
          pushCount: 1,
          title: v,
          data: NOTIFICATION,
        }),
        'title',
      ],
    ];

    it.each(cases)(
      '%s: NUL, a C1 control and a direction override answer 400 naming the field',
      async (...c) => {
        const [, who, path, body, field] = c;
        for (const bad of [NUL, C1, BIDI]) {
          const res = await who().post(url(path), body(bad));
          expectFieldError(res, field);
        }
        expectFieldError(
          await who().post(url(path), body(NUL)),
          field,
          'must not contain control characters',
        );
      },
    );

    it('lets multi-line fields hold line breaks and single-line ones not', async () => {
      const saved = await root.post('/tcm/v1/user/save', {
        email: 'lines@example.com',
        source: 1,
        description: 'Support team\r\nParis office\n\tfloor 2',
      });
      expect(saved.json()).toMatchObject({ status: 200 });
      const [row] = await t.database.query<{ description: string }>(
        'SELECT description FROM users WHERE email = $1',
        ['lines@example.com'],
      );
      expect(row?.description).toBe('Support team\r\nParis office\n\tfloor 2');
      expectFieldError(
        await owner.post(url(app('/tag/create')), { name: 'Sport\nFootball', code: 'sport', flag: 'LABEL' }),
        'name',
        'must not contain line breaks',
      );
      expectFieldError(
        await owner.post(url(app('/tag/create')), { name: '\u200B\u3164', code: 'sport', flag: 'LABEL' }),
        'name',
        'must contain visible characters',
      );
    });

    it('refuses U+0000 anywhere a contract lets any string through, naming its path', async () => {
      const save = (data: Record<string, unknown>) =>
        owner.post(url(app('/msg/save')), {
          msgType: 2,
          targetingType: 0,
          scheduleType: 1,
          pushCount: 1,
          title: 'Pass-through',
          data,
        });
      expectFieldError(
        await save({ trans_data: NUL }),
        'data.trans_data',
        'must not contain control characters',
      );
      expectFieldError(await save({ trans_data: 'ok', extra: [{ deep: NUL }] }), 'data.extra.0.deep');
      expectFieldError(await save({ trans_data: 'ok', [NUL]: 'key' }), 'data');
      // a password is not checked as text, but still cannot carry U+0000 anywhere
      const login = await t.app.inject({
        method: 'POST',
        url: '/tcm/v1/user/login',
        payload: { email: TEAM.owner, password: `a${NUL}` },
      });
      expectFieldError(login, 'password', 'must not contain control characters');
    });

    it('checks access before the input: a caller without access gets 1002, not the field errors', async () => {
      const stranger = await clientFor(t, 'stranger');
      const res = await stranger.post(url(app('/update')), {
        ...appUpdate,
        title: NUL,
        uploadFileLimit: true,
      });
      expect(res.json()).toMatchObject({ status: 1002 });
      expect(fieldsOf(res)).toEqual([]);
    });
  });

  describe('numbers', () => {
    it('refuses uploadFileLimit: true instead of storing 1 MB', async () => {
      const res = await owner.post(`/tcm/v1/app/${appId}/update`, { ...appUpdate, uploadFileLimit: true });
      expectFieldError(res, 'uploadFileLimit', 'must be a number');
      const [row] = await t.database.query<{ upload_file_limit: number | null }>(
        'SELECT upload_file_limit FROM apps WHERE id = $1',
        [appId],
      );
      expect(row?.upload_file_limit).not.toBe(1);
    });

    it('refuses appId: true instead of acting on app 1', async () => {
      expect(appId).toBe(1);
      // the legacy delete names its app in the body: the access check refuses a non-number before anything else
      const removed = await owner.post('/tcm/app/delete', { appId: true, pkg: 'com.example.shop' });
      expectFieldError(removed, 'appId', 'must be a positive integer');
      expect(await count('apps WHERE id = 1')).toBe(1);
      const report = await owner.post(`/tcm/v1/app/${appId}/report/time`, {
        wifiReportTime: 6,
        mobileReportTime: 2,
        appId: true,
      });
      expectFieldError(report, 'appId', 'must be a number');
      const control = await root.post('/tcm/global/uem/app/control/config/edit', {
        operateType: 1,
        appId: true,
      });
      expectFieldError(control, 'appId');
      const finework = await root.post('/tcm/global/plat/app/country/forbid/list', { appId: true });
      expectFieldError(finework, 'appId');
    });

    it('still accepts numbers sent as digits (query strings, older consoles)', async () => {
      const list = await owner.post('/tcm/v1/app/list', { pageNo: '1', pageSize: '8' });
      expect(list.json()).toMatchObject({ status: 200 });
      expectFieldError(await owner.post('/tcm/v1/app/list', { pageNo: true }), 'pageNo');
      expectFieldError(await owner.post('/tcm/v1/app/list', { pageSize: '' }), 'pageSize');
    });
  });
});
