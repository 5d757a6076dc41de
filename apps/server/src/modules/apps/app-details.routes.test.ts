import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends } from '../../test/databases';
import { sdkDevice } from '../../test/devices';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';
import { serviceAccountJson } from '../../test/fixtures/service-accounts';
import { clientFor, seedTeam, TEAM, type Member } from '../../test/fixtures/team';
import { upload } from '../../test/fixtures/multipart';

const EDIT = {
  title: 'Shop Pro',
  description: 'The shop app',
  logo: '',
  uploadFileLimit: 40,
  multiLangEnable: true,
  localTimeEnable: true,
  reviewEnable: true,
  materialReviewEnable: false,
  displayPriorityEnable: true,
  linksEnable: false,
};

const device = sdkDevice(1);

describe.each(backends('one'))('app details and settings [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let appKey: string;
  let appSecret: string;
  let owner: TestClient;
  const url = (rest: string) => `/tcm/v1/app/${appId}/${rest}`;
  const sdk = (path: string, key: string, secret: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}` },
      payload: body as object,
    });

  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ appId, appKey, appSecret } = await seedTeam(t));
    owner = await clientFor(t, 'owner');
  });
  afterAll(async () => t.close());
  afterEach(() => vi.useRealTimers());

  it.each<[Member, number]>([
    ['root', 200],
    ['owner', 200],
    ['admin', 1002],
    ['manager', 1002],
    ['operator', 1002],
    ['tester', 1002],
    ['stranger', 1002],
  ])('detail for %s answers %i', async (who, status) => {
    const res = await (await clientFor(t, who)).post(url('detail'));
    expect(res.json().status).toBe(status);
    if (status === 200) {
      expect(res.json().data.result).toMatchObject({
        appId,
        title: 'Shop',
        pkg: 'com.example.shop',
        ownerEmail: TEAM.owner,
        projectLevel: who === 'root' ? 100 : 200,
        appKey,
        wifiReportTime: 6,
        mobileReportTime: 2,
        uploadFileLimit: 30,
        firebaseJsonDisplay: null,
      });
      expect(JSON.stringify(res.json())).not.toContain(appSecret);
    } else {
      expect(res.statusCode).toBe(403);
    }
  });

  it.each<Member>(['manager', 'operator', 'tester', 'stranger', 'admin'])(
    'refuses every setting to %s with 1002',
    async (who) => {
      const client = await clientFor(t, who);
      for (const [path, body] of [
        ['update', EDIT],
        ['report/time', { wifiReportTime: 5, mobileReportTime: 5 }],
        ['advance/target/1', {}],
        ['limit/switcher/1', {}],
        ['limit/count/5', {}],
        ['secret/reveal', {}],
        ['secret/rotate', {}],
        ['delete', { pkg: 'com.example.shop' }],
      ] as const) {
        expect((await client.post(url(path), body)).json().status, path).toBe(1002);
      }
    },
  );

  it('edits the details and switches, which the info call then shows', async () => {
    expect((await owner.post(url('update'), EDIT)).json().status).toBe(200);
    const info = (await owner.call('GET', url('info'))).json().data;
    expect(info).toMatchObject({
      title: 'Shop Pro',
      uploadFileLimit: 40,
      multiLangEnable: true,
      reviewEnable: true,
      linksEnable: false,
      displayPriorityEnable: true,
    });
    const detail = (await owner.post(url('detail'))).json().data.result;
    expect(detail.description).toBe('The shop app');
    expect(detail.pkg).toBe('com.example.shop');
  });

  it.each([
    ['title', { title: '' }],
    ['title', { title: 'x'.repeat(21) }],
    ['description', { description: 'x'.repeat(151) }],
    ['uploadFileLimit', { uploadFileLimit: 0 }],
    ['uploadFileLimit', { uploadFileLimit: 'abc' }],
    ['logo', { logo: 'javascript:alert(1)' }],
    ['linksEnable', { linksEnable: 'yes' }],
  ])('refuses an edit with a bad %s, changing nothing', async (field, over) => {
    const res = await owner.post(url('update'), { ...EDIT, title: 'Changed', ...over });
    expect(res.json().status).toBe(400);
    expect(res.json().data.fields.map((f: { field: string }) => f.field)).toContain(field);
    expect((await owner.call('GET', url('info'))).json().data.title).toBe('Shop Pro');
  });

  it('clamps the report intervals to 2–24 hours and refuses non-digits', async () => {
    const res = await owner.post(url('report/time'), {
      wifiReportTime: '30',
      mobileReportTime: 1,
      appId,
      pkg: 'com.example.shop',
    });
    expect(res.json()).toMatchObject({ status: 200, data: { wifiReportTime: 24, mobileReportTime: 2 } });
    expect((await owner.post(url('detail'))).json().data.result).toMatchObject({
      wifiReportTime: 24,
      mobileReportTime: 2,
    });
    await owner.post(url('report/time'), { wifiReportTime: '8', mobileReportTime: '0' });
    expect((await owner.post(url('detail'))).json().data.result).toMatchObject({
      wifiReportTime: 8,
      mobileReportTime: 2,
    });
    for (const bad of ['1.5', '-3', 'six', '']) {
      const refused = await owner.post(url('report/time'), { wifiReportTime: bad, mobileReportTime: 4 });
      expect(refused.json().data.fields[0].field, bad).toBe('wifiReportTime');
    }
    expect((await owner.post(url('detail'))).json().data.result.wifiReportTime).toBe(8);
  });

  it('switches advanced targeting and the daily limit; a limit count of 0 or non-digits fails', async () => {
    expect((await owner.post(url('advance/target/1'))).json().status).toBe(200);
    expect((await owner.post(url('limit/switcher/1'))).json().status).toBe(200);
    expect((await owner.post(url('limit/count/7'))).json().status).toBe(200);
    expect((await owner.call('GET', url('info'))).json().data).toMatchObject({
      advanceTarget: true,
      limitEnable: true,
      limitCount: 7,
    });
    for (const bad of ['0', 'abc', '2.5', '-1']) {
      const res = await owner.post(url(`limit/count/${bad}`));
      expect(res.json().status, bad).toBe(400);
      expect(res.json().data.fields[0].field).toBe('limitCount');
    }
    expect((await owner.post(url('limit/count/'))).json().status).not.toBe(200);
    expect((await owner.post(url('advance/target/2'))).json().status).toBe(400);
    await owner.post(url('advance/target/0'));
    expect((await owner.call('GET', url('info'))).json().data).toMatchObject({
      advanceTarget: false,
      limitCount: 7,
    });
  });

  it('sets the FCM quota of the app’s project (FCM’s 600,000 a minute by default); a bad figure names perMinute', async () => {
    expect((await owner.post(url('detail'))).json().data.result.fcmQuotaPerMinute).toBe(600_000);
    expect((await owner.post(url('fcm/quota/1200000'))).json().status).toBe(200);
    expect((await owner.post(url('detail'))).json().data.result.fcmQuotaPerMinute).toBe(1_200_000);
    for (const bad of ['0', '59', 'abc', '2.5', '-1', '100000001']) {
      const res = await owner.post(url(`fcm/quota/${bad}`));
      expect(res.json().status, bad).toBe(400);
      expect(res.json().data.fields[0].field).toBe('perMinute');
    }
    expect((await owner.post(url('detail'))).json().data.result.fcmQuotaPerMinute).toBe(1_200_000);
  });

  it('reveals the secret to the owner; rotation makes the old secret fail on the device API and the new one work', async () => {
    expect((await owner.post(url('secret/reveal'))).json().data.appSecret).toBe(appSecret);
    expect((await sdk('/sdk/v1/register', appKey, appSecret, device)).statusCode).toBe(200);
    const rotated = (await owner.post(url('secret/rotate'))).json().data.appSecret as string;
    expect(rotated).not.toBe(appSecret);
    expect((await (await clientFor(t, 'root')).post(url('secret/reveal'))).json().data.appSecret).toBe(
      rotated,
    );
    // this process caches credentials for 30 s; past that the old secret is refused
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31_000);
    const old = await sdk('/sdk/v1/heartbeat', appKey, appSecret, {
      gaid: device.gaid,
      notificationsEnabled: true,
    });
    expect(old.statusCode).toBe(401);
    const fresh = await sdk('/sdk/v1/heartbeat', appKey, rotated, {
      gaid: device.gaid,
      notificationsEnabled: true,
    });
    expect(fresh.json()).toMatchObject({ status: 200 });
    appSecret = rotated;
  });

  it('replaces the service-account JSON; only project_id and client_email are shown', async () => {
    const up = await upload(
      t,
      owner,
      '/tcm/v1/app/upload/firebase',
      'new.json',
      serviceAccountJson({ project_id: 'shop-next' }),
    );
    const origin = up.json().data.origin as string;
    expect(
      (await owner.post(url('firebase'), { appFireBaseJsonId: 'nope' })).json().data.fields[0].field,
    ).toBe('appFireBaseJsonId');
    expect((await owner.post(url('firebase'), { appFireBaseJsonId: origin })).json().status).toBe(200);
    const detail = (await owner.post(url('detail'))).json().data.result;
    expect(detail).toMatchObject({
      firebaseJsonDisplay: {
        project_id: 'shop-next',
        client_email: 'firebase-adminsdk@shop-push.iam.gserviceaccount.com',
      },
      firebaseJsonName: 'new.json',
      hasServiceAccount: true,
    });
    expect(JSON.stringify(detail)).not.toContain('PRIVATE');
  });

  it('keeps a destroyed app read-only (2007)', async () => {
    await t.database.query('UPDATE apps SET destroy = 2 WHERE id = $1', [appId]);
    expect((await owner.post(url('detail'))).json().data.result.destroy).toBe(2);
    expect((await owner.post(url('update'), EDIT)).json().status).toBe(2007);
    expect((await owner.post(url('limit/count/3'))).json().status).toBe(2007);
    await t.database.query('UPDATE apps SET destroy = 0 WHERE id = $1', [appId]);
  });

  it('answers 401 without a session', async () => {
    expect((await new TestClient(t.app).post(url('detail'))).statusCode).toBe(401);
  });
});
