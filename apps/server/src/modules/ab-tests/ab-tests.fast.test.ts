import {
  AB_TAGS,
  AB_TEST_TYPE,
  AbTestSave,
  ErrorCodes,
  MessageStatus as S,
  type AbTag,
  type AbTestSaveInput,
} from '@beacon/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  abBucket,
  ACTORS,
  appRecord,
  memoryServices,
  notification,
  NOTIFICATION,
  testClock,
} from '../../test/memory';
import type { AbChildRecord } from './ab-tests.repository';
import { abSlices } from './ab-tests.service';
import { decideWinner } from './ab-winner';

const gaidOf = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

/** A test to everyone with `arms` arms of `percent` % each, sent now. */
function abTest(percent: number, over: Partial<AbTestSaveInput> = {}, arms = 2): AbTestSave {
  const arm = (groupTag: AbTag) => ({
    msgType: 1 as const,
    groupTag,
    groupPercent: percent,
    scheduleType: 1 as const,
    data: { ...NOTIFICATION, noti_title: `Arm ${groupTag}` },
  });
  return AbTestSave.parse({
    title: 'Which title sells',
    targetingType: 0,
    childMsgs: AB_TAGS.slice(0, arms).map(arm),
    ...over,
  });
}

/**
 * The A/B split (AbTestsService, docs/ab-tests.md) on in-memory repositories, the fast tier: the slices of the bucket
 * range, the arms saved on them, the smallest test, review as one, "send to all" once on the rest.
 */
describe('A/B split (fast)', () => {
  let s: ReturnType<typeof memoryServices>;
  const app = appRecord({ id: 1 });
  const DEVICES = 400;
  beforeEach(() => {
    s = memoryServices({ now: testClock().now });
    s.store.addApp(app);
    s.store.addDevices(
      app.id,
      Array.from({ length: DEVICES }, (_, i) => gaidOf(i + 1)),
    );
  });

  describe('the slices', () => {
    it('A and B take p % of the 10,000 buckets each, side by side; the rest is everything after them', () => {
      expect(abSlices(7, 10)).toEqual({
        arms: [
          { seed: 7, from: 0, to: 1000 },
          { seed: 7, from: 1000, to: 2000 },
        ],
        rest: { seed: 7, from: 2000, to: 10_000 },
      });
      // the largest arms leave no rest; the smallest is one bucket
      expect(abSlices(7, 50).rest).toEqual({ seed: 7, from: 10_000, to: 10_000 });
      expect(abSlices(7, 0.01).arms[0]).toEqual({ seed: 7, from: 0, to: 1 });
    });

    it('eight variants of 12.5 % take every bucket in eight runs; five of 20 % too', () => {
      const eight = abSlices(3, 12.5, 8);
      expect(eight.arms.map((s) => [s.from, s.to])).toEqual(
        Array.from({ length: 8 }, (_, i) => [i * 1250, (i + 1) * 1250]),
      );
      expect(eight.rest).toEqual({ seed: 3, from: 10_000, to: 10_000 });
      expect(abSlices(3, 20, 5).arms[4]).toEqual({ seed: 3, from: 8000, to: 10_000 });
    });

    it('a share of two decimals is whole buckets: 12.34 % is 1234 of them', () => {
      const { arms, rest } = abSlices(1, 12.34);
      expect([...arms.map((s) => s.to - s.from), rest.to - rest.from]).toEqual([1234, 1234, 10_000 - 2468]);
    });

    it('the save refuses shares outside 0.01–50 %, with more than two decimals, or unequal arms', () => {
      expect(AbTestSave.safeParse(abTest(10)).success).toBe(true);
      for (const bad of [0, 50.01, 12.345]) expect(() => abTest(bad)).toThrow();
      const unequal = abTest(10);
      unequal.childMsgs[1]!.groupPercent = 20;
      expect(AbTestSave.safeParse(unequal).success).toBe(false);
    });
  });

  describe('a saved test', () => {
    it('is a parent and two arms, each sent to the devices of its slice (seeded by the test), disjoint', async () => {
      const { id, status } = await s.abTests.save(app, abTest(10), ACTORS.manager);
      expect(status).toBe(S.WAITING);
      const { parent, children } = await s.abTests.detail(app.id, id);
      expect(parent).toMatchObject({ id, title: 'Which title sells' });
      expect(children.map((c) => [c.groupTag, c.groupPercent, c.splitFrom, c.splitTo])).toEqual([
        ['A', 10, 0, 1000],
        ['B', 10, 1000, 2000],
      ]);
      const ids = Array.from({ length: DEVICES }, (_, i) => i + 1);
      const inA = ids.filter((d) => abBucket(id, d) < 1000).length;
      const inB = ids.filter((d) => abBucket(id, d) >= 1000 && abBucket(id, d) < 2000).length;
      expect(children.map((c) => [c.targetCount, c.pushCount])).toEqual([
        [inA, inA],
        [inB, inB],
      ]);
      // about 10 % each of 400 devices
      expect(inA).toBeGreaterThan(20);
      expect(inA).toBeLessThan(60);
      expect(await s.repo.find(app.id, id)).toMatchObject({
        msgType: AB_TEST_TYPE,
        pushCount: inA + inB,
        targetCount: inA + inB,
      });
      // each arm queued once
      expect(s.engine.queued).toHaveLength(2);
    });

    it('an arm expected to hold less than one device is refused (3002), nothing written', async () => {
      // 400 devices × 0.2 % = 0.8 device
      await expect(s.abTests.save(app, abTest(0.2), ACTORS.manager)).rejects.toMatchObject({
        code: ErrorCodes.AB_COUNT_TOO_SMALL,
        data: { audience: DEVICES, groupPercent: 0.2 },
      });
      expect(s.store.rows(() => true)).toEqual([]);
      // 0.25 % of 400 is one device: allowed
      await expect(s.abTests.save(app, abTest(0.25), ACTORS.manager)).resolves.toMatchObject({
        status: S.WAITING,
      });
    });

    it("an arm's refusal names its field inside the arm and writes nothing", async () => {
      const t = abTest(10);
      t.childMsgs[1]!.data = { ...NOTIFICATION, noti_title: '' };
      await expect(s.abTests.save(app, t, ACTORS.manager)).rejects.toMatchObject({
        code: ErrorCodes.PARAMETER_ILLEGAL,
        data: { fields: [{ field: 'childMsgs.1.data.noti_title' }] },
      });
      expect(s.store.rows(() => true)).toEqual([]);
    });

    it('waits for review as one on an app that reviews, the reviewers told once of the test', async () => {
      const reviewed = appRecord({ id: 1, reviewEnable: true });
      const { id, status } = await s.abTests.save(reviewed, abTest(10), ACTORS.operator);
      expect(status).toBe(S.PENDING_REVIEW);
      const { children } = await s.abTests.detail(app.id, id);
      expect(children.map((c) => c.status)).toEqual([S.PENDING_REVIEW, S.PENDING_REVIEW]);
      expect(s.told.pending).toEqual([
        { appId: 1, id, msgType: AB_TEST_TYPE, title: 'Which title sells', author: 'operator@example.com' },
      ]);
      expect(s.engine.queued).toEqual([]);
    });

    it('a new test naming arm ids is refused; an edit must name its own two arms, still editable', async () => {
      // an id of no message is 404; a message that is no arm cannot become one (3001)
      const withIds = abTest(10);
      withIds.childMsgs[0]!.id = 99;
      await expect(s.abTests.save(app, withIds, ACTORS.manager)).rejects.toMatchObject({
        code: ErrorCodes.NOT_FOUND,
      });
      const plain = await s.messages.save(app, notification(), ACTORS.manager);
      withIds.childMsgs[0]!.id = plain.id;
      await expect(s.abTests.save(app, withIds, ACTORS.manager)).rejects.toMatchObject({
        code: ErrorCodes.AB_NOT_ALLOWED,
      });
      const later = { scheduleType: 2 as const, scheduleDate: '2026-03-02 15:00:00' };
      const first = abTest(10);
      for (const arm of first.childMsgs) Object.assign(arm, later);
      const { id } = await s.abTests.save(app, first, ACTORS.manager);
      const [a, b] = (await s.abTests.detail(app.id, id)).children;
      const edit = abTest(20, { id });
      edit.childMsgs[0]!.id = a!.id;
      edit.childMsgs[1]!.id = b!.id;
      for (const arm of edit.childMsgs) Object.assign(arm, later);
      await s.abTests.save(app, edit, ACTORS.manager);
      expect((await s.abTests.detail(app.id, id)).children.map((c) => [c.id, c.splitTo])).toEqual([
        [a!.id, 2000],
        [b!.id, 4000],
      ]);
      await s.writer.setStatus(a!.id, S.SENT, [S.WAITING_SCHEDULED]);
      await expect(s.abTests.save(app, edit, ACTORS.manager)).rejects.toMatchObject({
        code: ErrorCodes.ALREADY_SENT,
      });
    });
  });

  describe('many variants', () => {
    it('four variants of 20 % each: four disjoint slices, the rest 20 %, reviewed as one, queued four times', async () => {
      const reviewed = appRecord({ id: 1, reviewEnable: true });
      const { id, status } = await s.abTests.save(reviewed, abTest(20, {}, 4), ACTORS.operator);
      expect(status).toBe(S.PENDING_REVIEW);
      const { children } = await s.abTests.detail(app.id, id);
      expect(children.map((c) => [c.groupTag, c.splitFrom, c.splitTo])).toEqual([
        ['A', 0, 2000],
        ['B', 2000, 4000],
        ['C', 4000, 6000],
        ['D', 6000, 8000],
      ]);
      // the reviewers are told once, when the last variant is saved
      expect(s.told.pending).toHaveLength(1);
      const counts = children.map((c) => c.targetCount);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(
        Array.from({ length: DEVICES }, (_, i) => i + 1).filter((d) => abBucket(id, d) < 8000).length,
      );
    });

    it('the share per variant follows their number: 4 × 25 % fits, 4 × 25.01 % and 9 variants do not', () => {
      expect(AbTestSave.safeParse(abTest(25, {}, 4)).success).toBe(true);
      expect(() => abTest(25.01, {}, 4)).toThrow(/at most 25 % with 4 variants/);
      expect(() => abTest(12.5, {}, 8)).not.toThrow();
      const nine = abTest(10, {}, 8);
      nine.childMsgs.push({ ...nine.childMsgs[7]!, groupTag: 'H' });
      const r = AbTestSave.safeParse(nine);
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.path.join('.'))).toContain('childMsgs');
      const shuffled = abTest(10, {}, 3);
      shuffled.childMsgs[2]!.groupTag = 'D';
      expect(AbTestSave.safeParse(shuffled).error?.issues[0]).toMatchObject({
        path: ['childMsgs', 2, 'groupTag'],
        message: 'must be C: the variants are A, B, C in order',
      });
    });

    it('an edit may add and drop variants: a dropped one is deleted, a new one saved, the slices redrawn', async () => {
      const later = { scheduleType: 2 as const, scheduleDate: '2026-03-02 15:00:00' };
      const first = abTest(10, {}, 3);
      for (const arm of first.childMsgs) Object.assign(arm, later);
      const { id } = await s.abTests.save(app, first, ACTORS.manager);
      const [a, b, c] = (await s.abTests.detail(app.id, id)).children;
      // B dropped, a new C added: A keeps its id, the old C becomes B
      const edit = abTest(15, { id }, 3);
      for (const arm of edit.childMsgs) Object.assign(arm, later);
      edit.childMsgs[0]!.id = a!.id;
      edit.childMsgs[1]!.id = c!.id;
      const { children } = await (async () => {
        await s.abTests.save(app, edit, ACTORS.manager);
        return s.abTests.detail(app.id, id);
      })();
      expect(children.map((x) => [x.groupTag, x.splitFrom, x.splitTo])).toEqual([
        ['A', 0, 1500],
        ['B', 1500, 3000],
        ['C', 3000, 4500],
      ]);
      expect(children[0]!.id).toBe(a!.id);
      expect(children[1]!.id).toBe(c!.id);
      expect(children.map((x) => x.id)).not.toContain(b!.id);
      expect(s.store.row(b!.id)?.deleted).toBe(true);
    });
  });

  describe('the automatic winner (decideWinner)', () => {
    const now = new Date('2026-03-02T12:00:00Z');
    const started = new Date('2026-03-02T10:00:00Z');
    const arm = (tag: string, dispatched: number, click: number, over: Partial<AbChildRecord> = {}) =>
      ({
        id: tag.charCodeAt(0),
        groupTag: tag,
        status: S.SENT,
        startedAt: started,
        dispatchCount: dispatched,
        reachCount: dispatched,
        showCount: dispatched,
        clickCount: click,
        round: 0,
        groupPercent: 10,
        ...over,
      }) as AbChildRecord;
    const parent = (afterHours: number, early = true, auto = true, bandit = false) => ({
      id: 1,
      winner: { auto, afterHours, early, bandit },
      abAllSent: false,
      status: S.SENT,
      rounds: bandit ? 4 : 1,
    });
    // B best of four; Holm-adjusted p-values 0.0195, 0.0234, 0.0259 (ab-significance.test.ts)
    const four = () => [arm('A', 1000, 50), arm('B', 1000, 80), arm('C', 1000, 55), arm('D', 1000, 52)];
    // B much better than A: p ≈ 1e-9
    const clear = () => [arm('A', 5000, 100), arm('B', 5000, 250)];

    it('decides early, at the interim level (1 %), only a clear winner', () => {
      expect(decideWinner(parent(24), clear(), now)).toEqual({ msgId: 66, reason: 'significant' });
      expect(decideWinner(parent(24), four(), now)).toBeNull();
      expect(decideWinner(parent(24, false), clear(), now)).toBeNull();
    });

    it('at the deadline: the significant best at 5 %, else the best observed', () => {
      // last start 10:00 + 2 h = 12:00 = now
      expect(decideWinner(parent(2), four(), now)).toEqual({ msgId: 66, reason: 'significant' });
      const close = [arm('A', 1000, 50), arm('B', 1000, 49), arm('C', 1000, 52)];
      expect(decideWinner(parent(2), close, now)).toEqual({ msgId: 67, reason: 'deadline' });
      // nothing dispatched anywhere: the first variant
      expect(decideWinner(parent(2), [arm('A', 0, 0), arm('B', 0, 0)], now)).toEqual({
        msgId: 65,
        reason: 'deadline',
      });
    });

    it('waits for every arm to finish, a manual test never decides, a decided one never twice', () => {
      const sending = [arm('A', 5000, 100), arm('B', 5000, 250, { status: S.SENDING })];
      expect(decideWinner(parent(1), sending, now)).toBeNull();
      const stopped = [arm('A', 5000, 100), arm('B', 5000, 250, { status: S.STOPPED })];
      expect(decideWinner(parent(1), stopped, now)).toBeNull();
      expect(decideWinner(parent(1, true, false), clear(), now)).toBeNull();
      expect(decideWinner({ ...parent(1), abAllSent: true }, clear(), now)).toBeNull();
      expect(decideWinner({ ...parent(1), winner: null }, clear(), now)).toBeNull();
      // the deadline runs from the last arm's start
      const lateB = [
        arm('A', 5000, 100),
        arm('B', 5000, 101, { startedAt: new Date('2026-03-02T11:30:00Z') }),
      ];
      expect(decideWinner(parent(1), lateB, now)).toBeNull();
      expect(decideWinner(parent(1), lateB, new Date('2026-03-02T12:30:00Z'))).toMatchObject({
        reason: 'deadline',
      });
    });
    it('decides on the chance of being best: early at 95 %, else the most likely at the deadline', () => {
      const now = new Date('2026-03-02T12:00:00Z');
      const b = (dispatched: number, click: number, tag: string, round = 0) =>
        arm(tag, dispatched, click, { round, id: tag.charCodeAt(0) * 10 + round });
      const clear = [b(1000, 20, 'A'), b(1000, 60, 'B'), b(1000, 22, 'C'), b(500, 30, 'B', 1)];
      // spacing 4 h ÷ 4 = 1 h from the last start (10:00): 11:00 ≤ now
      expect(decideWinner(parent(4, true, true, true), clear, now)).toEqual({ msgId: 660, reason: 'bandit' });
      const close = [b(1000, 20, 'A'), b(1000, 22, 'B')];
      expect(decideWinner(parent(24, true, true, true), close, now)).toBeNull();
      expect(decideWinner(parent(4, true, true, true), close, now)).toEqual({
        msgId: 660,
        reason: 'deadline',
      });
      // not before the last round is planned
      expect(decideWinner({ ...parent(4, true, true, true), rounds: 3 }, clear, now)).toBeNull();
    });
  });

  describe('the bandit mode', () => {
    const started = new Date('2026-03-02T10:00:00Z');
    const bandit = (over: Partial<AbTestSaveInput> = {}) =>
      abTest(10, { winner: { auto: true, afterHours: 4, early: true, bandit: true }, ...over }, 3);
    /** What the engine would do: every child still waiting sends, starting at `at`. */
    const sendAll = async (id: number, at: Date) => {
      for (const c of (await s.abTests.detail(app.id, id)).children) {
        const row = s.store.row(c.id)!;
        if (row.status === S.WAITING) Object.assign(row, { status: S.SENT, startedAt: at });
      }
    };

    it('sends the first round as an even split of the first quarter of the variants’ buckets', async () => {
      const { id } = await s.abTests.save(app, bandit(), ACTORS.manager);
      const { children, parent } = await s.abTests.detail(app.id, id);
      // 3 variants × 1000 buckets = 3000; the first round is [0, 750): 250 each
      expect(children.map((c) => [c.groupTag, c.round, c.splitFrom, c.splitTo])).toEqual([
        ['A', 0, 0, 250],
        ['B', 0, 250, 500],
        ['C', 0, 500, 750],
      ]);
      expect(parent).toMatchObject({ rounds: 1, winner: { bandit: true } });
    });

    it('plans each next round once, an hour (4 h ÷ 4 rounds) after the last start, toward the likely best', async () => {
      const { id } = await s.abTests.save(app, bandit(), ACTORS.manager);
      await sendAll(id, started);
      // B clicks far more in the first round
      const first = (await s.abTests.detail(app.id, id)).children;
      const counts: Record<string, [number, number]> = { A: [250, 5], B: [250, 40], C: [250, 6] };
      for (const c of first)
        Object.assign(s.store.row(c.id)!, {
          dispatchCount: counts[c.groupTag]![0],
          clickCount: counts[c.groupTag]![1],
        });
      const early = new Date(started.getTime() + 59 * 60_000);
      expect(await s.abTests.planRound(app, id, ACTORS.manager, early)).toBe(false);
      const due = new Date(started.getTime() + 60 * 60_000);
      expect(await s.abTests.planRound(app, id, ACTORS.manager, due)).toBe(true);
      const { children, parent } = await s.abTests.detail(app.id, id);
      expect(parent.rounds).toBe(2);
      const second = children.filter((c) => c.round === 1);
      // the second quarter [750, 1500), contiguous, in tag order; B takes most, A and C at least their floor (25)
      expect(second[0]!.splitFrom).toBe(750);
      expect(second.at(-1)!.splitTo).toBe(1500);
      second.slice(1).forEach((c, i) => expect(c.splitFrom).toBe(second[i]!.splitTo));
      const size = (tag: string) =>
        second.filter((c) => c.groupTag === tag).reduce((n, c) => n + c.splitTo - c.splitFrom, 0);
      expect(size('B')).toBeGreaterThan(600);
      expect(size('A')).toBeGreaterThanOrEqual(25);
      expect(size('C')).toBeGreaterThanOrEqual(25);
      // the round's copies carry their variant's content and need no review again
      expect(second.find((c) => c.groupTag === 'B')!.data).toMatchObject({ noti_title: 'Arm B' });
      // taken once: not again while the new round is unsent, nor by a second look
      expect(await s.abTests.planRound(app, id, ACTORS.manager, due)).toBe(false);
    });

    it('send to all waits for the last round; then the rest begins after it', async () => {
      const { id } = await s.abTests.save(app, bandit(), ACTORS.manager);
      let at = started;
      await sendAll(id, at);
      const [a] = (await s.abTests.detail(app.id, id)).children;
      await expect(s.abTests.sendToAll(app, id, a!.id, ACTORS.manager)).rejects.toMatchObject({
        code: ErrorCodes.AB_NOT_SCHEDULED,
      });
      for (let r = 1; r < 4; r++) {
        at = new Date(at.getTime() + 3_600_000);
        expect(await s.abTests.planRound(app, id, ACTORS.manager, at)).toBe(true);
        await sendAll(id, at);
      }
      expect(await s.abTests.planRound(app, id, ACTORS.manager, new Date(at.getTime() + 7_200_000))).toBe(
        false,
      );
      const arms = (await s.abTests.detail(app.id, id)).children;
      // four rounds cover the variants' 3000 buckets exactly, without overlap
      const covered = arms.map((c) => [c.splitFrom, c.splitTo] as const).sort((x, y) => x[0] - y[0]);
      expect(covered[0]![0]).toBe(0);
      expect(covered.at(-1)![1]).toBe(3000);
      covered.slice(1).forEach(([from], i) => expect(from).toBe(covered[i]![1]));
      const restId = await s.abTests.sendToAll(app, id, a!.id, ACTORS.manager);
      expect((await s.abTests.detail(app.id, id)).children.find((c) => c.id === restId)).toMatchObject({
        groupTag: 'A*',
        splitFrom: 3000,
        splitTo: 10_000,
        groupPercent: 70,
      });
    });
  });

  describe('send to all', () => {
    it('sends the chosen arm to the rest once both arms have sent, once, never reviewed again', async () => {
      const reviewed = appRecord({ id: 1, reviewEnable: true });
      const { id } = await s.abTests.save(app, abTest(10), ACTORS.manager);
      const [a, b] = (await s.abTests.detail(app.id, id)).children;
      await expect(s.abTests.sendToAll(reviewed, id, a!.id, ACTORS.operator)).rejects.toMatchObject({
        code: ErrorCodes.AB_NOT_SCHEDULED,
      });
      await s.writer.setStatus(a!.id, S.SENT, [S.WAITING]);
      await s.writer.setStatus(b!.id, S.SENDING, [S.WAITING]);
      const restId = await s.abTests.sendToAll(reviewed, id, b!.id, ACTORS.operator);
      const rest = (await s.abTests.detail(app.id, id)).children.find((c) => c.id === restId);
      const inRest = Array.from({ length: DEVICES }, (_, i) => i + 1).filter(
        (d) => abBucket(id, d) >= 2000,
      ).length;
      expect(rest).toMatchObject({ groupTag: 'B*', groupPercent: 80, splitFrom: 2000, splitTo: 10_000 });
      expect(rest).toMatchObject({ status: S.WAITING, targetCount: inRest, data: { noti_title: 'Arm B' } });
      await expect(s.abTests.sendToAll(reviewed, id, a!.id, ACTORS.operator)).rejects.toMatchObject({
        code: ErrorCodes.AB_NOT_ALLOWED,
      });
      // the operator's choice is recorded as the test's decision
      expect((await s.abTests.detail(app.id, id)).parent.decision).toMatchObject({
        msgId: b!.id,
        reason: 'manual',
      });
    });

    it('is refused while the test waits for review', async () => {
      const reviewed = appRecord({ id: 1, reviewEnable: true });
      const { id } = await s.abTests.save(reviewed, abTest(10), ACTORS.operator);
      const [a] = (await s.abTests.detail(app.id, id)).children;
      await expect(s.abTests.sendToAll(reviewed, id, a!.id, ACTORS.manager)).rejects.toMatchObject({
        code: ErrorCodes.AB_NOT_ALLOWED,
      });
    });
  });
});
