import { ErrorCodes, MESSAGE_LIMITS, MessageStatus as S, MessageType } from '@beacon/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACTORS, appRecord, memoryServices, notification, testClock } from '../../test/memory';

const gaidOf = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
/** A cross message's data: base64 of a JSON object. */
const CROSS = { trans_data: Buffer.from(JSON.stringify({ offer: 'x' })).toString('base64') };
const field = (name: string) => ({ code: ErrorCodes.PARAMETER_ILLEGAL, data: { fields: [{ field: name }] } });

/**
 * The save's rules (MessagesService.save) on in-memory repositories, the fast tier (docs/architecture.md, Tests):
 * the push count against the audience, the app's daily limit, the schedule, who is reviewed, edits. What the SQL does
 * with them (sends, waves run, counters) is the database tests' (messages.*.test.ts).
 */
describe('message save rules (fast)', () => {
  let clock: ReturnType<typeof testClock>;
  let s: ReturnType<typeof memoryServices>;
  const app = appRecord({ id: 1 });
  beforeEach(() => {
    clock = testClock(new Date('2026-03-02T09:00:00Z'));
    s = memoryServices({ now: clock.now });
    s.store.addApp(app);
    s.store.addDevices(
      app.id,
      Array.from({ length: 20 }, (_, i) => gaidOf(i + 1)),
    );
    s.store.addDevices(2, [gaidOf(100)]);
  });

  describe('the push count against the audience', () => {
    it('sends to the count asked when the audience holds it, stored with the exact audience', async () => {
      const { id, status } = await s.messages.save(app, notification({ pushCount: 12 }), ACTORS.manager);
      expect(status).toBe(S.WAITING);
      expect(await s.repo.find(app.id, id)).toMatchObject({
        pushCount: 12,
        targetCount: 20,
        status: S.WAITING,
      });
    });

    it('refuses more than the audience (pushCount), and takes exactly all of it', async () => {
      await expect(
        s.messages.save(app, notification({ pushCount: 21 }), ACTORS.manager),
      ).rejects.toMatchObject(field('pushCount'));
      const { id } = await s.messages.save(app, notification({ pushCount: 20 }), ACTORS.manager);
      expect((await s.repo.find(app.id, id))?.pushCount).toBe(20);
    });

    it("counts listed advertising ids among the app's devices only, any case", async () => {
      const input = notification({
        targetingType: 2,
        userIds: [gaidOf(1), gaidOf(2).toUpperCase(), gaidOf(100), gaidOf(999)],
        pushCount: 2,
      });
      const { id } = await s.messages.save(app, input, ACTORS.manager);
      expect(await s.repo.find(app.id, id)).toMatchObject({
        targetCount: 2,
        userIds: [gaidOf(1), gaidOf(2), gaidOf(100), gaidOf(999)],
      });
      await expect(
        s.messages.save(
          app,
          notification({ targetingType: 2, userIds: [gaidOf(1)], pushCount: 2 }),
          ACTORS.manager,
        ),
      ).rejects.toMatchObject(field('pushCount'));
    });

    it('refuses device targeting without ids and a user group not of the app', async () => {
      await expect(
        s.messages.save(app, notification({ targetingType: 2 }), ACTORS.manager),
      ).rejects.toMatchObject(field('userIds'));
      const group = s.store.addUserGroup(2, [{ label: 'country', op: 'in', values: ['NG'] }] as never);
      await expect(
        s.messages.save(app, notification({ targetingType: 3, groupId: group }), ACTORS.manager),
      ).rejects.toMatchObject(field('groupId'));
    });

    it('a test preview sends to the audience whatever the count asked, with its own title and time to live', async () => {
      const { id } = await s.messages.save(
        app,
        { ...notification({ pushCount: 500 }), title: '' },
        ACTORS.manager,
        'preview',
      );
      expect(await s.repo.find(app.id, id)).toMatchObject({
        pushCount: 20,
        title: 'Test preview',
        msgType: MessageType.PREVIEW,
        ttlSeconds: MESSAGE_LIMITS.testPreviewTtlSeconds,
      });
    });
  });

  describe("the app's daily limit", () => {
    const limited = appRecord({ id: 1, limitEnable: true, limitCount: 2 });

    it('refuses the save past the limit of its kind (21029), saying how many were used', async () => {
      await s.messages.save(limited, notification(), ACTORS.manager);
      await s.messages.save(limited, notification({ msgType: 2, data: CROSS }), ACTORS.manager);
      await expect(s.messages.save(limited, notification(), ACTORS.manager)).rejects.toMatchObject({
        code: ErrorCodes.DAILY_LIMIT_REACHED,
        data: { used: 2, limitCount: 2, reached: true },
      });
      // nothing was written by the refusal
      expect(s.store.rows(() => true)).toHaveLength(2);
    });

    it('counts each restrict type apart, not deleted messages, and starts again at the UTC day', async () => {
      const first = await s.messages.save(limited, notification(), ACTORS.manager);
      await s.messages.save(limited, notification(), ACTORS.manager);
      await s.messages.save(limited, notification({ msgRestrictType: 2 }), ACTORS.manager);
      await s.writer.softDelete(first.id);
      await s.messages.save(limited, notification(), ACTORS.manager);
      await expect(s.messages.save(limited, notification(), ACTORS.manager)).rejects.toMatchObject({
        code: ErrorCodes.DAILY_LIMIT_REACHED,
      });
      clock.set(new Date('2026-03-03T00:00:01Z'));
      await expect(s.messages.save(limited, notification(), ACTORS.manager)).resolves.toMatchObject({
        status: S.WAITING,
      });
    });

    it('never refuses an edit, nor an app whose limit is off or zero', async () => {
      const { id } = await s.messages.save(
        limited,
        notification({ scheduleType: 2, scheduleDate: '2026-03-02 12:00:00' }),
        ACTORS.manager,
      );
      await s.messages.save(limited, notification(), ACTORS.manager);
      await expect(
        s.messages.save(
          limited,
          notification({ id, scheduleType: 2, scheduleDate: '2026-03-02 13:00:00' }),
          ACTORS.manager,
        ),
      ).resolves.toMatchObject({ id });
      expect(await s.messages.dailyLimit(appRecord({ limitEnable: true, limitCount: 0 }), 1)).toMatchObject({
        limitEnable: false,
        reached: false,
      });
      expect(await s.messages.dailyLimit(appRecord({ limitEnable: false, limitCount: 1 }), 1)).toMatchObject({
        reached: false,
      });
    });
  });

  describe('the schedule', () => {
    it('a set time is queued at its instant in its zone', async () => {
      const { id, status } = await s.messages.save(
        app,
        notification({ scheduleType: 2, scheduleDate: '2026-03-02 12:30:00', scheduleUTC: '+0100' }),
        ACTORS.manager,
      );
      expect(status).toBe(S.WAITING_SCHEDULED);
      expect(s.engine.queued.map((w) => w.runAt.toISOString())).toEqual(['2026-03-02T11:30:00.000Z']);
      expect(s.store.waves.filter((w) => w.messageId === id)).toHaveLength(1);
    });

    it('a set time already past (or within the lead) is 90003, or sent now when forced', async () => {
      const past = { scheduleType: 2, scheduleDate: '2026-03-02 09:03:00' };
      await expect(s.messages.save(app, notification(past), ACTORS.manager)).rejects.toMatchObject({
        code: ErrorCodes.SCHEDULE_PASSED,
      });
      expect(s.store.rows(() => true)).toEqual([]);
      const { id, status } = await s.messages.save(
        app,
        notification({ ...past, forceCreate: true }),
        ACTORS.manager,
      );
      expect(status).toBe(S.WAITING);
      expect(await s.repo.find(app.id, id)).toMatchObject({ scheduleType: 1, scheduleLocal: null });
      expect(s.engine.queued.map((w) => w.runAt)).toEqual([clock.now()]);
    });

    it('local time: off for the app is refused; on, one wave per zone of the audience, those past skipped', async () => {
      const local = { scheduleType: 3, scheduleDate: '2026-03-02 09:30:00' };
      await expect(s.messages.save(app, notification(local), ACTORS.manager)).rejects.toMatchObject(
        field('scheduleType'),
      );
      s.store.addDevices(app.id, [gaidOf(50)], -300);
      s.store.addDevices(app.id, [gaidOf(51)], 120);
      const on = appRecord({ id: 1, localTimeEnable: true });
      const { id, status } = await s.messages.save(on, notification(local), ACTORS.manager);
      expect(status).toBe(S.WAITING_LOCAL);
      // 09:30 wall clock: at UTC+2 that was 07:30 UTC (past), at UTC+1 08:30 (past), at UTC−5 14:30 UTC (queued)
      const waves = s.store.waves.filter((w) => w.messageId === id);
      expect(waves.map((w) => [w.utcOffsetMin, w.status])).toEqual([
        [-300, 0],
        [60, 3],
        [120, 3],
      ]);
      expect(s.engine.queued.map((w) => w.runAt.toISOString())).toEqual(['2026-03-02T14:30:00.000Z']);
      await expect(
        s.messages.save(
          on,
          notification({ scheduleType: 3, scheduleDate: '2026-03-01 20:00:00' }),
          ACTORS.manager,
        ),
      ).rejects.toMatchObject({ code: ErrorCodes.SCHEDULE_PASSED });
    });
  });

  describe('review', () => {
    const reviewed = appRecord({ id: 1, reviewEnable: true });

    it("an operator's message on an app that reviews waits at 11, queued nowhere, and the reviewers are told", async () => {
      const { id, status } = await s.messages.save(
        reviewed,
        notification({ title: 'Needs a look' }),
        ACTORS.operator,
      );
      expect(status).toBe(S.PENDING_REVIEW);
      expect((await s.repo.find(app.id, id))?.status).toBe(S.PENDING_REVIEW);
      expect(s.store.waves).toEqual([]);
      expect(s.engine.queued).toEqual([]);
      expect(s.told.pending).toEqual([
        { appId: 1, id, msgType: 1, title: 'Needs a look', author: 'operator@example.com' },
      ]);
    });

    it('a manager is not reviewed, nor anyone where the app does not review', async () => {
      expect((await s.messages.save(reviewed, notification(), ACTORS.manager)).status).toBe(S.WAITING);
      expect((await s.messages.save(app, notification(), ACTORS.operator)).status).toBe(S.WAITING);
      expect(s.told.pending).toEqual([]);
      expect(s.engine.queued).toHaveLength(2);
    });

    it('a check (msg/check) answers the status the save would give and writes nothing', async () => {
      const checked = await s.messages.save(
        reviewed,
        notification(),
        ACTORS.operator,
        'message',
        undefined,
        'check',
      );
      expect(checked).toEqual({ id: 0, status: S.PENDING_REVIEW });
      expect(s.store.rows(() => true)).toEqual([]);
      expect(s.told.pending).toEqual([]);
    });
  });

  describe('who may send what, and the other refusals', () => {
    it('a tester targets listed devices only', async () => {
      await expect(s.messages.save(app, notification(), ACTORS.tester)).rejects.toMatchObject(
        field('targetingType'),
      );
      const ok = notification({ targetingType: 2, userIds: [gaidOf(3)] });
      await expect(s.messages.save(app, ok, ACTORS.tester)).resolves.toMatchObject({ status: S.WAITING });
    });

    it('a speed limit outside the range is 21025; a display priority where the app has it off names the field', async () => {
      await expect(
        s.messages.save(app, notification({ speedLimit: 3 }), ACTORS.manager),
      ).rejects.toMatchObject({
        code: ErrorCodes.SPEED_LIMIT_ILLEGAL,
      });
      await expect(
        s.messages.save(app, notification({ msgDisplayPrior: 3 }), ACTORS.manager),
      ).rejects.toMatchObject(field('msgDisplayPrior'));
    });

    it('a notification whose content is invalid names the field in data', async () => {
      await expect(
        s.messages.save(
          app,
          notification({ data: { ...notification().data, noti_title: '' } }),
          ACTORS.manager,
        ),
      ).rejects.toMatchObject({ code: ErrorCodes.PARAMETER_ILLEGAL });
    });
  });

  describe('an edit', () => {
    it('replaces the message in place and plans its waves again', async () => {
      const first = { scheduleType: 2, scheduleDate: '2026-03-02 12:00:00' };
      const { id } = await s.messages.save(app, notification({ ...first, title: 'v1' }), ACTORS.manager);
      await s.messages.save(
        app,
        notification({ id, scheduleType: 2, scheduleDate: '2026-03-02 15:00:00', title: 'v2' }),
        ACTORS.manager,
      );
      expect(await s.repo.find(app.id, id)).toMatchObject({
        title: 'v2',
        scheduleLocal: '2026-03-02 15:00:00',
      });
      expect(s.store.rows(() => true)).toHaveLength(1);
      expect(s.store.waves.filter((w) => w.messageId === id).map((w) => w.runAt.toISOString())).toEqual([
        '2026-03-02T15:00:00.000Z',
      ]);
    });

    it("refuses another app's message (404), a sent one (21022) and an A/B arm edited alone (3001)", async () => {
      const { id } = await s.messages.save(app, notification(), ACTORS.manager);
      await expect(
        s.messages.save(appRecord({ id: 2 }), notification({ id }), ACTORS.manager),
      ).rejects.toMatchObject({ code: ErrorCodes.NOT_FOUND });
      await s.writer.setStatus(id, S.SENT, [S.WAITING]);
      await expect(s.messages.save(app, notification({ id }), ACTORS.manager)).rejects.toMatchObject({
        code: ErrorCodes.ALREADY_SENT,
      });
      const arm = await s.messages.save(app, notification(), ACTORS.manager, 'message', {
        parentMsgId: 99,
        groupTag: 'A',
        groupPercent: 10,
      });
      await expect(s.messages.save(app, notification({ id: arm.id }), ACTORS.manager)).rejects.toMatchObject({
        code: ErrorCodes.AB_NOT_ALLOWED,
      });
    });
  });
});
