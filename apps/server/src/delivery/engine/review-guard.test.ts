import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { MessageStatus } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { reviewAppOnEmulator } from '../../test/fixtures/review-team';
import { NOTIFICATION } from '../../test/messaging';
import { startTestApp, type TestApp } from '../../test/test-app';
import { audienceOf } from './audience-source';
import type { DeliveryEngine } from './engine';
import { BatchKind, BatchStatus, WaveStatus } from './kinds';
import { planWaves } from './scheduler';

const DEVICES = 3;

/**
 * "Nothing pending review is ever sent" (issue 14 item 3), asked of the engine itself with no worker running: a wave
 * or a batch queued for a message whose review has not passed (11 waiting, 12 rejected, 13 awaiting audit) plans and
 * sends nothing; the same wave and batch send once the message is out of review.
 */
describe.each(backends('one'))(
  'the delivery engine refuses messages not passed by review [$name]',
  (backend) => {
    let t: TestApp;
    let emu: FcmEmulator;
    let engine: DeliveryEngine;
    let appId: number;
    let tokens: string[];
    let messageId: number;

    beforeAll(async () => {
      emu = await startEmulator({ tlsPort: null });
      t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl });
      const created = await reviewAppOnEmulator(t, emu, {
        title: 'Guard',
        pkg: 'com.example.guard',
        projectId: 'guard-project',
        devices: DEVICES,
      });
      ({ appId, tokens } = created);
      const res = await created.clients.operator.post(`/tcm/v1/app/${appId}/msg/save`, {
        msgType: 1,
        data: NOTIFICATION,
        title: 'Unreviewed',
        targetingType: 0,
        pushCount: DEVICES,
        scheduleType: 1,
      });
      expect(res.json(), res.body).toMatchObject({
        status: 200,
        data: { status: MessageStatus.PENDING_REVIEW },
      });
      messageId = res.json().data.id;
      engine = await t.delivery.engine();
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      await emu?.close();
    });

    const setStatus = (status: number) =>
      t.database.query('UPDATE messages SET status = $2 WHERE id = $1', [messageId, status]);
    /** A wave of the message planned as a save plans it (the scheduler), not queued: the test runs it. */
    const wave = async () => {
      const [w] = await planWaves(
        t.delivery.repo,
        { id: messageId, scheduleType: 1, scheduleLocal: null, scheduleUtc: '+0000' },
        audienceOf({ appId, targetingType: 0, conditions: [], userIds: [] }),
        new Date(),
      );
      return w!.waveId;
    };
    /** A batch over every device of the app, as a wave would have planned it. */
    const batch = async () => {
      const [row] = await t.database.query<{ id: number }>(
        `INSERT INTO message_batches (message_id, kind, from_id, to_id)
       SELECT $1, ${BatchKind.AUDIENCE}, min(id), max(id) FROM devices WHERE app_id = $2 RETURNING id::int AS id`,
        [messageId, appId],
      );
      return row!.id;
    };
    const waveStatus = async (id: number) =>
      (await t.database.query<{ status: number }>('SELECT status FROM message_waves WHERE id = $1', [id]))[0]!
        .status;
    const batches = (waveId: number) =>
      t.database.query<{ id: number; status: number }>(
        'SELECT id::int AS id, status FROM message_batches WHERE wave_id = $1 ORDER BY id',
        [waveId],
      );
    const batchStatus = async (id: number) =>
      (
        await t.database.query<{ status: number }>('SELECT status FROM message_batches WHERE id = $1', [id])
      )[0]!.status;
    const sendRecords = async () =>
      (
        await t.database.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM send_records WHERE message_id = $1',
          [messageId],
        )
      )[0]!.n;
    const delivered = () =>
      tokens.map(
        (tok) =>
          emu
            .inbox(tok)
            .filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(messageId))
            .length,
      );

    it.each([
      ['waiting for review', MessageStatus.PENDING_REVIEW],
      ['rejected by review', MessageStatus.REVIEW_REJECTED],
      ['awaiting audit', MessageStatus.AWAITING_AUDIT],
    ])('plans no wave and sends no batch of a message %s (%i)', async (_what, status) => {
      await setStatus(status);
      const waveId = await wave();
      await engine.runWave(waveId);
      expect(await waveStatus(waveId)).toBe(WaveStatus.CANCELLED);
      expect(await batches(waveId)).toEqual([]);

      const batchId = await batch();
      await engine.dispatch(batchId);
      expect(await batchStatus(batchId)).toBe(BatchStatus.CANCELLED);
      expect(await sendRecords()).toBe(0);
      expect(delivered()).toEqual(tokens.map(() => 0));
      // the engine left the message as it was: only a review moves it
      expect((await t.delivery.repo.message(messageId))!.status).toBe(status);
    });

    it('plans and sends the same message once its review has passed', async () => {
      await setStatus(MessageStatus.WAITING);
      const waveId = await wave();
      await engine.runWave(waveId);
      expect(await waveStatus(waveId)).toBe(WaveStatus.DONE);
      const planned = await batches(waveId);
      expect(planned.length).toBeGreaterThan(0);
      for (const b of planned) await engine.dispatch(b.id);
      expect(delivered()).toEqual(tokens.map(() => 1));
      expect(await sendRecords()).toBe(DEVICES);
      expect((await t.delivery.repo.message(messageId))!.status).toBe(MessageStatus.SENT);
    });
  },
);
