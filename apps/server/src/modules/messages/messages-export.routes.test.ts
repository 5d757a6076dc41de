import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { PASSWORD, seedTeam, signedInClients, TEAM } from '../../test/fixtures/team';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';
import { NOTIFICATION } from '../../test/messaging';
import { MessageWriter, type NewMessage } from './message-writer.repository';

const content = NOTIFICATION;

function message(appId: number, ownerId: number, over: Partial<NewMessage>): NewMessage {
  return {
    appId,
    msgType: 1,
    status: 1,
    title: 'Flash sale',
    ownerId,
    ownerEmail: 'owner@example.com',
    data: content,
    targetingType: 0,
    conditions: [],
    groupId: null,
    userIds: [],
    pushCount: 10,
    targetCount: 12,
    scheduleType: 1,
    scheduleLocal: null,
    scheduleAt: null,
    scheduleUtc: '+0000',
    ttlSeconds: 43200,
    speedLimit: 0,
    restrictType: 1,
    displayPrior: null,
    multiLangEnable: false,
    multiLangContent: [],
    materialId: null,
    parentMsgId: null,
    ...over,
  };
}

describe.each(backends('one'))('message CSV export [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let otherAppId: number;
  let saleId: number;
  const clients: Record<string, TestClient> = {};
  const url = (q: string) => `/tcm/v1/app/${appId}/msg/export?${q}`;

  beforeAll(async () => {
    t = await startTestApp(backend);
    // root (100), admin (150), the app "Shop" of owner with its manager, operator and tester, a stranger
    ({ appId } = await seedTeam(t));
    const owner = (await t.repos.users.findByEmail(TEAM.owner))!;
    otherAppId = (
      await t.services.apps.create({
        title: 'Other',
        pkg: 'com.example.other',
        owner: { userId: owner.id, email: owner.email },
      })
    ).app.id;
    const repo = new MessageWriter(t.database);
    saleId = await repo.insert(message(appId, owner.id, { title: 'Sale, "50%" off' }));
    await repo.insert(
      message(appId, owner.id, {
        title: '=HYPERLINK("x")',
        status: 2,
        scheduleType: 2,
        scheduleLocal: '2030-01-02 10:00:00',
        multiLangEnable: true,
        materialId: 7,
      }),
    );
    await repo.insert(message(appId, owner.id, { title: 'Cross one', msgType: 2 }));
    await repo.insert(message(otherAppId, owner.id, { title: 'Not this app' }));
    const old = await repo.insert(message(appId, owner.id, { title: 'Last year' }));
    await t.database.query(`UPDATE messages SET created_at = now() - interval '400 days' WHERE id = $1`, [
      old,
    ]);
    await t.database.query(
      'UPDATE messages SET dispatch_count = 8, reach_count = 6, show_count = 3, click_count = 1 WHERE id = $1',
      [saleId],
    );
    Object.assign(clients, await signedInClients(t, TEAM, PASSWORD));
  });
  afterAll(async () => t?.close());

  const today = new Date().toISOString().slice(0, 10);
  const weekAgo = new Date(Date.now() - 7 * 86400_000).toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86400_000).toISOString().slice(0, 10);

  it('answers a CSV with a header and one row per notification of the range, newest first, in the list columns', async () => {
    const res = await clients.owner!.call(
      'GET',
      url(`begin=${weekAgo}&end=${tomorrow}&tz=%2B0000&msgType=1`),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain(`messages_${appId}_${weekAgo}_${tomorrow}.csv`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'msgId,description,creator,pushTime,status,materialId,multiLanguage,pushCount,targetCount,dispatched,reached,reachRate,shown,showRate,clicked,clickRate,conversion,conversionRate',
    );
    expect(lines).toHaveLength(3);
    // scheduled and not started: dashes (empty) for push, dispatch and show; formula text made inert
    expect(lines[1]).toMatch(
      /^\d+,"'=HYPERLINK\(""x""\)",owner@example.com,2030-01-02 10:00:00,2,7,1,,12,,0,0,,0,0,0,0,0$/,
    );
    expect(lines[2]).toMatch(
      new RegExp(
        `^${saleId},"Sale, ""50%"" off",owner@example.com,${today} \\d{2}:\\d{2}:\\d{2},1,,0,10,12,8,6,75,3,50,1,33.33,0,0$`,
      ),
    );
  });

  it('filters like the list (type, description, msgId) and shows push times in the chosen zone', async () => {
    const cross = await clients.owner!.call('GET', url(`begin=${weekAgo}&end=${tomorrow}&msgType=2`));
    expect(cross.body).toContain('Cross one');
    expect(cross.body).not.toContain('Sale');
    const byTitle = await clients.owner!.call('GET', url(`begin=${weekAgo}&end=${tomorrow}&title=sale`));
    expect(byTitle.body.trimEnd().split('\r\n')).toHaveLength(2);
    const byId = await clients.owner!.call('GET', url(`begin=${weekAgo}&end=${tomorrow}&msgId=${saleId}`));
    expect(byId.body.trimEnd().split('\r\n')).toHaveLength(2);
    const utc = (
      await clients.owner!.call('GET', url(`begin=${weekAgo}&end=${tomorrow}&msgId=${saleId}`))
    ).body
      .split('\r\n')[1]!
      .split(',')[4]!;
    const plus5 = (
      await clients.owner!.call('GET', url(`begin=${weekAgo}&end=${tomorrow}&msgId=${saleId}&tz=%2B0530`))
    ).body
      .split('\r\n')[1]!
      .split(',')[4]!;
    expect(
      new Date(`${plus5.replace(' ', 'T')}Z`).getTime() - new Date(`${utc.replace(' ', 'T')}Z`).getTime(),
    ).toBe(330 * 60_000);
    const old = await clients.owner!.call('GET', url(`begin=2000-01-01&end=${weekAgo}`));
    expect(old.body).not.toContain('Sale');
  });

  it('requires a date range and refuses bad values, naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['', 'begin'],
      [`begin=${weekAgo}`, 'end'],
      [`begin=yesterday&end=${today}`, 'begin'],
      [`begin=${today}&end=${weekAgo}`, 'end'],
      [`begin=${weekAgo}&end=${today}&tz=UTC`, 'tz'],
      [`begin=${weekAgo}&end=${today}&msgId=12a`, 'msgId'],
      [`begin=${weekAgo}&end=${today}&materialId=x`, 'materialId'],
      [`begin=${weekAgo}&end=${today}&msgType=4`, 'msgType'],
    ];
    for (const [q, field] of cases) {
      const res = await clients.owner!.call('GET', url(q));
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toMatchObject({ status: 400, data: { fields: [{ field }] } });
    }
  });

  it.each(['root', 'owner', 'manager', 'operator', 'tester'])(
    'lets %s export (the same access as the list)',
    async (who) => {
      const res = await clients[who]!.call('GET', url(`begin=${weekAgo}&end=${tomorrow}`));
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Sale');
    },
  );

  it('refuses users with no role (403/1002) and no session (401)', async () => {
    for (const who of ['stranger', 'admin']) {
      // a level-150 administrator with no role on the app is refused, as by the list
      const res = await clients[who]!.call('GET', url(`begin=${weekAgo}&end=${tomorrow}`));
      expect(res.statusCode).toBe(403);
      expect(res.json().status).toBe(1002);
    }
    const anonymous = await new TestClient(t.app).call('GET', url(`begin=${weekAgo}&end=${tomorrow}`));
    expect(anonymous.statusCode).toBe(401);
  });
});
