import {
  AB_TEST_TYPE,
  AbTestListRequest,
  JOURNEY_TYPE,
  MessageStatus as S,
  MessageType,
  type Condition,
} from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audienceOf, DeliveryRuntime, type DeliveryRuntimeOptions } from '../../delivery/engine';
import { AbTestsRepository, type AbTestsRepositoryPort } from '../../modules/ab-tests';
import { JourneysRepository, type JourneysRepositoryPort } from '../../modules/journeys';
import {
  MessagesRepository,
  MessageWriter,
  type MessagesEngineRepositoryPort,
  type MessagesRepositoryPort,
  type MessageWriterPort,
  type NewMessage,
} from '../../modules/messages';
import { ReviewsRepository, type ReviewsRepositoryPort } from '../../modules/reviews';
import { backends } from '../databases';
import { gaid } from '../devices';
import {
  abBucket,
  appRecord,
  MemoryAbTestsRepository,
  MemoryJourneysRepository,
  MemoryReviewsRepository,
  memoryServices,
} from './index';

/** The repositories a service is handed, and how a test puts the rows no port writes (apps, devices, groups, tags). */
interface Subject {
  repo: MessagesRepositoryPort;
  writer: MessageWriterPort;
  engineRepo: MessagesEngineRepositoryPort;
  abTests: AbTestsRepositoryPort;
  journeys: JourneysRepositoryPort;
  reviews: ReviewsRepositoryPort;
  /** a user who may own messages (messages.owner_id references users) */
  ownerId: number;
  addApp(pkg: string, commercialEnable?: boolean): Promise<number>;
  /** devices gaid(from)…gaid(from + count − 1) in the zone `utcOffsetMin` */
  addDevices(appId: number, from: number, count: number, utcOffsetMin: number): Promise<void>;
  addUserGroup(appId: number, conditions: Condition[]): Promise<number>;
  addTag(appId: number, flag: 'LABEL' | 'GROUP'): Promise<number>;
  close(): Promise<void>;
}

const memory = {
  name: 'memory',
  open: async (): Promise<Subject> => {
    const s = memoryServices();
    let apps = 0;
    return {
      ...s,
      abTests: new MemoryAbTestsRepository(s.store),
      journeys: new MemoryJourneysRepository(s.store),
      reviews: new MemoryReviewsRepository(s.store),
      ownerId: 7,
      addApp: async (pkg, commercialEnable = false) =>
        s.store.addApp(appRecord({ id: ++apps, pkg, commercialEnable })).id,
      addDevices: async (appId, from, count, offset) =>
        void s.store.addDevices(
          appId,
          Array.from({ length: count }, (_, i) => gaid(from + i)),
          offset,
        ),
      addUserGroup: async (appId, conditions) => s.store.addUserGroup(appId, conditions),
      addTag: async (appId, flag) => s.store.addTag(appId, flag),
      close: async () => undefined,
    };
  },
};

const databases = backends().map((backend) => ({
  name: backend.name,
  open: async (): Promise<Subject> => {
    const database = await backend.open();
    const writer = new MessageWriter(database);
    return {
      repo: new MessagesRepository(database),
      writer,
      // the engine's repository as the runtime builds it (its constructor reads the database alone)
      engineRepo: new DeliveryRuntime({ database } as DeliveryRuntimeOptions).repo,
      abTests: new AbTestsRepository(database),
      journeys: new JourneysRepository(database),
      reviews: new ReviewsRepository(database, writer),
      ownerId: (
        await database.query<{ id: number }>(
          "INSERT INTO users (email) VALUES ('author@example.com') RETURNING id",
        )
      )[0]!.id,
      addApp: async (pkg, commercialEnable = false) =>
        (
          await database.query<{ id: number }>(
            `INSERT INTO apps (title, pkg, app_key, app_secret_enc, commercial_enable) VALUES ('A', $1, $1, 'x', $2)
             RETURNING id`,
            [pkg, commercialEnable],
          )
        )[0]!.id,
      addDevices: async (appId, from, count, offset) =>
        void (await database.query(
          `INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version,
             app_version_code, timezone, utc_offset_min, notifications_enabled)
           SELECT $1, ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'NG', 'en', 'TECNO', 'SPARK 10', 33,
             '3.1.0', 310, 'Africa/Lagos', $4, true
           FROM generate_series($2::int, $3::int) g ORDER BY g`,
          [appId, from, from + count - 1, offset],
        )),
      addUserGroup: async (appId, conditions) =>
        (
          await database.query<{ id: number }>(
            `INSERT INTO user_groups (app_id, name, conditions) VALUES ($1, $3, $2::jsonb) RETURNING id`,
            [appId, JSON.stringify(conditions), `group ${Math.random()}`],
          )
        )[0]!.id,
      addTag: async (appId, flag) =>
        (
          await database.query<{ id: number }>(
            `INSERT INTO tags (app_id, name, code, flag) VALUES ($1, 't', 't', $2) RETURNING id`,
            [appId, flag],
          )
        )[0]!.id,
      close: () => database.close(),
    };
  },
}));

let ownerId = 0;
const message = (appId: number, over: Partial<NewMessage> = {}): NewMessage => ({
  appId,
  msgType: MessageType.NOTIFICATION,
  status: S.WAITING,
  title: 'Flash sale',
  ownerId,
  ownerEmail: 'author@example.com',
  data: { noti_title: 'Flash sale', nested: { a: [1, 2] } },
  targetingType: 0,
  conditions: [],
  groupId: null,
  userIds: [],
  pushCount: 10,
  targetCount: 10,
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
});

const AUDIT = {
  actor: { id: null, email: 'reviewer@example.com' },
  area: 'message-review',
  action: 'approve',
};

/**
 * The in-memory repositories of the fast tier (src/test/memory) against the real ones: the same assertions on each,
 * so that what the fast tests rely on cannot drift from the SQL (docs/architecture.md, Tests).
 */
describe.each([memory, ...databases])('in-memory repositories keep the SQL rules [$name]', (backend) => {
  let t: Subject;
  let appId: number;
  let otherApp: number;
  beforeAll(async () => {
    t = await backend.open();
    ownerId = t.ownerId;
    appId = await t.addApp('com.example.contract');
    otherApp = await t.addApp('com.example.other', true);
  });
  afterAll(async () => t?.close());

  it('insert then find: the record as written with the defaults; another app does not find it', async () => {
    const first = await t.writer.insert(message(appId));
    const id = await t.writer.insert(message(appId, { userIds: ['abc'], materialId: null }));
    expect(id).toBeGreaterThan(first);
    const m = await t.repo.find(appId, id);
    expect(m).toMatchObject({
      id,
      appId,
      status: S.WAITING,
      ownerEmail: 'author@example.com',
      data: { noti_title: 'Flash sale', nested: { a: [1, 2] } },
      pushCount: 10,
      parentMsgId: null,
      groupTag: null,
      rejectReason: '',
      fileOrigin: '',
      contentCreateType: 0,
      forecast: null,
      targetLabels: [],
    });
    expect(await t.repo.find(otherApp, id)).toBeUndefined();
  });

  it('replace keeps owner and kind; the material and the AI mark change only when named', async () => {
    const id = await t.writer.insert(message(appId, { contentCreateType: 1 }));
    await t.writer.replace(
      id,
      message(appId, { ownerEmail: 'other@example.com', msgType: 2, title: 'Edited', pushCount: 3 }),
    );
    const m = await t.repo.find(appId, id);
    expect(m).toMatchObject({
      title: 'Edited',
      pushCount: 3,
      ownerEmail: 'author@example.com',
      msgType: 1,
      contentCreateType: 1,
    });
    await t.writer.replace(id, message(appId, { contentCreateType: 0 }));
    expect((await t.repo.find(appId, id))?.contentCreateType).toBe(0);
  });

  it('setStatus moves a message only from the statuses named', async () => {
    const id = await t.writer.insert(message(appId, { status: S.PENDING_REVIEW }));
    expect(await t.writer.setStatus(id, S.WAITING, [S.WAITING_SCHEDULED])).toBe(false);
    expect((await t.repo.find(appId, id))?.status).toBe(S.PENDING_REVIEW);
    expect(await t.writer.setStatus(id, S.WAITING, [S.PENDING_REVIEW, S.REVIEW_REJECTED])).toBe(true);
    expect((await t.repo.find(appId, id))?.status).toBe(S.WAITING);
  });

  it('the daily count: notifications and cross messages of the kind since the instant, not deleted ones', async () => {
    const app = await t.addApp('com.example.daily');
    const since = new Date(Date.now() - 60_000);
    await t.writer.insert(message(app));
    await t.writer.insert(message(app, { msgType: MessageType.PASS_THROUGH }));
    await t.writer.insert(message(app, { restrictType: 2 }));
    await t.writer.insert(message(app, { msgType: AB_TEST_TYPE }));
    await t.writer.softDelete(await t.writer.insert(message(app)));
    expect(await t.repo.countCreatedSince(app, 1, since)).toBe(2);
    expect(await t.repo.countCreatedSince(app, 2, since)).toBe(1);
    expect(await t.repo.countCreatedSince(app, 1, new Date(Date.now() + 60_000))).toBe(0);
  });

  it('A/B arms: children by slice, arms A then B without the rest, the parent only as an A/B test, send to all once', async () => {
    const parent = await t.writer.insert(message(appId, { msgType: AB_TEST_TYPE }));
    const b = await t.writer.insert(message(appId));
    const a = await t.writer.insert(message(appId));
    const rest = await t.writer.insert(message(appId));
    await t.writer.setArm(rest, {
      parentMsgId: parent,
      groupTag: 'A*',
      groupPercent: 60,
      split: { seed: parent, from: 4000, to: 10000 },
    });
    await t.writer.setArm(b, {
      parentMsgId: parent,
      groupTag: 'B',
      groupPercent: 20,
      split: { seed: parent, from: 2000, to: 4000 },
    });
    await t.writer.setArm(a, {
      parentMsgId: parent,
      groupTag: 'A',
      groupPercent: 20,
      split: { seed: parent, from: 0, to: 2000 },
    });
    expect(
      (await t.abTests.children([parent])).map((c) => [c.id, c.groupTag, c.groupPercent, c.splitFrom]),
    ).toEqual([
      [a, 'A', 20, 0],
      [b, 'B', 20, 2000],
      [rest, 'A*', 60, 4000],
    ]);
    expect((await t.repo.abChildren(parent)).map((c) => c.id)).toEqual([a, b, rest]);
    expect((await t.reviews.arms([parent])).map((c) => c.id)).toEqual([a, b]);
    expect(await t.abTests.parent(appId, parent)).toMatchObject({ id: parent, abAllSent: false });
    expect(await t.abTests.parent(appId, a)).toBeUndefined();
    expect(await t.writer.takeSendToAll(parent, { msgId: b, reason: 'significant' })).toBe(true);
    expect(await t.abTests.parent(appId, parent)).toMatchObject({
      abAllSent: true,
      decision: { msgId: b, reason: 'significant' },
    });
    expect(await t.writer.takeSendToAll(parent, { msgId: a, reason: 'manual' })).toBe(false);
    await t.writer.releaseSendToAll(parent);
    expect(await t.abTests.parent(appId, parent)).toMatchObject({ abAllSent: false, decision: null });
    expect(await t.writer.takeSendToAll(parent, { msgId: a, reason: 'manual' })).toBe(true);
    const winner = { auto: true, afterHours: 6, early: false, bandit: false };
    await t.writer.setAbParent(parent, { status: S.PENDING_REVIEW, pushCount: 7, targetCount: 9, winner });
    expect(await t.repo.find(appId, parent)).toMatchObject({
      status: S.PENDING_REVIEW,
      pushCount: 7,
      targetCount: 9,
    });
    expect(await t.abTests.parent(appId, parent)).toMatchObject({ winner });
    const listed = await t.abTests.list(appId, AbTestListRequest.parse({ pageNo: 1, pageSize: 10 }));
    expect(listed.rows.map((r) => r.id)).toEqual([parent]);
  });

  it('journeys: the definition only from its states, steps gated by a branch, a withdraw deletes the steps', async () => {
    const j = await t.writer.insert(
      message(appId, { msgType: JOURNEY_TYPE, status: S.CANVAS_WAITING_COUNT }),
    );
    expect(
      await t.writer.setJourneyDefinition(j, { steps: [], rev: 2 }, S.CANVAS_WAITING_CONFIRM, [
        S.CANVAS_WAIT_ERROR,
      ]),
    ).toBe(false);
    expect(
      await t.writer.setJourneyDefinition(
        j,
        { steps: [], rev: 2 },
        S.CANVAS_WAITING_CONFIRM,
        [S.CANVAS_WAITING_COUNT],
        42,
      ),
    ).toBe(true);
    expect(await t.repo.find(appId, j)).toMatchObject({
      status: S.CANVAS_WAITING_CONFIRM,
      data: { rev: 2 },
      targetCount: 42,
      pushCount: 42,
    });
    const entry = await t.writer.insert(message(appId, { status: S.PENDING_REVIEW }));
    const later = await t.writer.insert(message(appId, { status: S.WAITING_SCHEDULED, parentMsgId: j }));
    await t.writer.setJourneyStep(entry, j, { groupTag: 'S1', position: { x: 1, y: 2 } });
    await t.writer.setJourneyStep(later, j, { groupTag: 'S2', displayConditions: { outcome: 'click' } });
    const steps = await t.journeys.steps([j]);
    expect(steps.map((s) => [s.id, s.groupTag, s.gated, s.position])).toEqual([
      [entry, 'S1', false, { x: 1, y: 2 }],
      [later, 'S2', true, null],
    ]);
    expect((await t.reviews.journeyEntries([j])).map((s) => s.id)).toEqual([entry]);
    expect(
      (await t.journeys.list(appId, AbTestListRequest.parse({ pageNo: 1, pageSize: 10 }))).ids,
    ).toContain(j);
    expect(await t.writer.withdrawJourney(j, S.CANVAS_WAITING_COUNT, [S.PENDING_REVIEW])).toBe(false);
    await t.writer.setStatus(j, S.PENDING_REVIEW, [S.CANVAS_WAITING_CONFIRM]);
    expect(await t.writer.withdrawJourney(j, S.CANVAS_WAITING_COUNT, [S.PENDING_REVIEW])).toBe(true);
    expect(await t.journeys.steps([j])).toEqual([]);
    expect((await t.repo.find(appId, j))?.status).toBe(S.CANVAS_WAITING_COUNT);
  });

  it('a review decision: every change from pending review or none; the reason and a new schedule; reopen', async () => {
    const x = await t.writer.insert(message(appId, { status: S.PENDING_REVIEW }));
    const y = await t.writer.insert(message(appId, { status: S.WAITING }));
    expect(
      await t.reviews.decide(
        [
          { id: x, status: S.REVIEW_REJECTED },
          { id: y, status: S.REVIEW_REJECTED },
        ],
        'no',
        AUDIT,
      ),
    ).toBe(false);
    expect(await t.reviews.find(appId, x)).toMatchObject({ status: S.PENDING_REVIEW, rejectReason: '' });
    expect(await t.reviews.decide([{ id: x, status: S.REVIEW_REJECTED }], 'Too loud', AUDIT)).toBe(true);
    expect(await t.reviews.find(appId, x)).toMatchObject({
      status: S.REVIEW_REJECTED,
      rejectReason: 'Too loud',
    });
    expect(await t.reviews.decide([{ id: x, status: S.WAITING }], '', AUDIT)).toBe(false);
    const later = await t.writer.insert(
      message(appId, { status: S.PENDING_REVIEW, scheduleType: 2, scheduleLocal: '2026-01-01 10:00:00' }),
    );
    const change = { id: later, status: S.WAITING, schedule: { type: 1, local: null, at: null } };
    expect(await t.reviews.decide([change], '', AUDIT)).toBe(true);
    expect(await t.reviews.find(appId, later)).toMatchObject({
      status: S.WAITING,
      scheduleType: 1,
      scheduleLocal: null,
    });
    await t.reviews.reopen([change]);
    expect((await t.reviews.find(appId, later))?.status).toBe(S.PENDING_REVIEW);
  });

  it('the review list: parents of the reviewed kinds waiting or rejected, newest first, filtered', async () => {
    const app = await t.addApp('com.example.review-list');
    const a = await t.writer.insert(message(app, { status: S.PENDING_REVIEW, title: 'Alpha 50%_off' }));
    await t.writer.insert(message(app, { status: S.WAITING }));
    const b = await t.writer.insert(
      message(app, { status: S.REVIEW_REJECTED, ownerEmail: 'Bob@Example.com' }),
    );
    const arm = await t.writer.insert(message(app, { status: S.PENDING_REVIEW }));
    await t.writer.setArm(arm, {
      parentMsgId: a,
      groupTag: 'A',
      groupPercent: 10,
      split: { seed: a, from: 0, to: 1000 },
    });
    const page = { pageNo: 1, pageSize: 10 };
    expect((await t.reviews.list(app, { status: '', ...page })).rows.map((r) => r.id)).toEqual([b, a]);
    expect((await t.reviews.list(app, { status: S.PENDING_REVIEW, ...page })).rows.map((r) => r.id)).toEqual([
      a,
    ]);
    expect(
      (await t.reviews.list(app, { status: '', ownerEmail: 'bob@', ...page })).rows.map((r) => r.id),
    ).toEqual([b]);
    expect((await t.reviews.list(app, { status: '', title: '50%_', ...page })).rows.map((r) => r.id)).toEqual(
      [a],
    );
    expect(await t.reviews.list(app, { status: '', pageNo: 2, pageSize: 1 })).toMatchObject({ total: 2 });
  });

  it("audiences: the app's devices, listed ids, A/B slices that partition them, offsets; user groups and tags of the app", async () => {
    const app = await t.addApp('com.example.audience');
    await t.addDevices(app, 1, 150, 60);
    await t.addDevices(app, 151, 50, -300);
    await t.addDevices(otherApp, 1, 5, 0);
    const count = (spec: Partial<Parameters<typeof audienceOf>[0]>) =>
      t.engineRepo.count(audienceOf({ appId: app, targetingType: 0, conditions: [], userIds: [], ...spec }));
    expect(await count({})).toBe(200);
    expect(await count({ targetingType: 2, userIds: [gaid(3), gaid(7).toUpperCase(), gaid(999)] })).toBe(2);
    const seed = 4242;
    const slices = [
      [0, 2000],
      [2000, 4000],
      [4000, 10000],
    ] as const;
    const counts = [];
    for (const [from, to] of slices) counts.push(await count({ split: { seed, from, to } }));
    expect(counts.reduce((n, c) => n + c, 0)).toBe(200);
    expect(counts[0]).toBeGreaterThan(20);
    expect(counts[0]).toBeLessThan(60);
    expect(
      await t.engineRepo.offsets(audienceOf({ appId: app, targetingType: 0, conditions: [], userIds: [] })),
    ).toEqual([-300, 60]);
    expect(
      (
        await t.repo.estimateAudience(
          audienceOf({ appId: app, targetingType: 0, conditions: [], userIds: [] }),
        )
      ).count,
    ).toBe(200);
    const group = await t.addUserGroup(app, [{ label: 'country', op: 'in', values: ['NG'] }] as Condition[]);
    expect(await t.engineRepo.groupConditions(app, group)).toEqual([
      { label: 'country', op: 'in', values: ['NG'] },
    ]);
    expect(await t.engineRepo.groupConditions(otherApp, group)).toBeUndefined();
    const tag = await t.addTag(app, 'GROUP');
    expect(await t.repo.tagsOf(app, [tag, tag + 1000])).toEqual(new Map([[tag, 'GROUP']]));
    expect(await t.repo.tagsOf(otherApp, [tag])).toEqual(new Map());
    expect(await t.repo.dmpEnabled(app)).toBe(false);
    expect(await t.repo.dmpEnabled(otherApp)).toBe(true);
  });

  it("an A/B slice's devices are those whose bucket abBucket gives (device ids in insertion order)", async () => {
    // a fresh database numbers its devices 1, 2, … as the store does; the apps above inserted 205 before these
    const app = await t.addApp('com.example.buckets');
    await t.addDevices(app, 1001, 100, 0);
    const seed = 77;
    const expected = Array.from({ length: 100 }, (_, i) => 206 + i).filter(
      (id) => abBucket(seed, id) < 3000,
    ).length;
    const n = await t.engineRepo.count(
      audienceOf({
        appId: app,
        targetingType: 0,
        conditions: [],
        userIds: [],
        split: { seed, from: 0, to: 3000 },
      }),
    );
    expect(n).toBe(expected);
  });
});
