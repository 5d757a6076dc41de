import { describe, expect, it } from 'vitest';
import { DeviceEvents, EVENT_BITS, RECOVERED_BIT } from '@beacon/shared';
import { mergeEvents } from './devices.service';

const GAID = '0b7c3e1a-5d2f-4a8e-9c61-2f4d8e7a1b30';
const OTHER = '1c8d4f2b-6e3a-4b9f-8d72-3a5e9f8b2c41';
const T0 = Date.UTC(2026, 0, 1, 12);
const call = (gaid: string, events: unknown[]) => ({ appId: 7, body: DeviceEvents.parse({ gaid, events }) });

describe('mergeEvents: the recovered bit (missed-push recovery, issue 32 §1)', () => {
  it('ORs 128 with the receipt of a recovered received, and keeps the earliest receipt', () => {
    const [row, ...rest] = mergeEvents([
      call(GAID, [
        { type: 'shown', msgId: 5, ts: T0 + 2000 },
        { type: 'received', msgId: 5, ts: T0 + 1000, recovered: true },
      ]),
    ]);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ appId: 7, gaid: GAID, messageId: '5' });
    expect(row!.mask).toBe(EVENT_BITS.received | EVENT_BITS.shown | RECOVERED_BIT);
    expect(row!.receivedAt).toEqual(new Date(T0 + 1000));
    expect(row!.shownAt).toEqual(new Date(T0 + 2000));
  });

  it('keeps the bit through the same device’s later receipts in the batch: a retry, a late plain one', () => {
    const rows = mergeEvents([
      call(GAID, [{ type: 'received', msgId: 5, ts: T0 + 1000, recovered: true }]),
      call(GAID, [{ type: 'received', msgId: 5, ts: T0 + 3000 }]),
      call(GAID, [{ type: 'received', msgId: '5', ts: T0 + 1000, recovered: true }]),
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.mask).toBe(EVENT_BITS.received | RECOVERED_BIT);
    expect(rows[0]!.receivedAt).toEqual(new Date(T0 + 1000));
  });

  it('drops it when the device had received the push before its recovered receipt, in any order of the batch', () => {
    for (const order of [
      [
        { type: 'received', msgId: 5, ts: T0 },
        { type: 'received', msgId: 5, ts: T0 + 5000, recovered: true },
      ],
      [
        { type: 'received', msgId: 5, ts: T0 + 5000, recovered: true },
        { type: 'received', msgId: 5, ts: T0 },
      ],
      // equal times: the first reported
      [
        { type: 'received', msgId: 5, ts: T0 },
        { type: 'received', msgId: 5, ts: T0, recovered: true },
      ],
    ]) {
      const [row] = mergeEvents([call(GAID, order)]);
      expect(row!.mask, JSON.stringify(order)).toBe(EVENT_BITS.received);
      expect(row!.receivedAt).toEqual(new Date(T0));
    }
  });

  it('sets it only on the (device, message) whose receipt was recovered', () => {
    const rows = mergeEvents([
      call(GAID, [
        { type: 'received', msgId: 5, ts: T0, recovered: true },
        { type: 'received', msgId: 6, ts: T0 },
      ]),
      call(OTHER, [{ type: 'received', msgId: 5, ts: T0, recovered: false }]),
      {
        appId: 8,
        body: DeviceEvents.parse({ gaid: GAID, events: [{ type: 'received', msgId: 5, ts: T0 }] }),
      },
    ]);
    const mask = new Map(rows.map((r) => [`${r.appId}/${r.gaid}/${r.messageId}`, r.mask]));
    expect(mask).toEqual(
      new Map([
        [`7/${GAID}/5`, EVENT_BITS.received | RECOVERED_BIT],
        [`7/${GAID}/6`, EVENT_BITS.received],
        [`7/${OTHER}/5`, EVENT_BITS.received],
        [`8/${GAID}/5`, EVENT_BITS.received],
      ]),
    );
  });

  it('never sets it without a receipt: other events alone carry no recovered bit', () => {
    const [row] = mergeEvents([
      call(GAID, [
        { type: 'shown', msgId: 9, ts: T0 },
        { type: 'clicked', msgId: 9, ts: T0 },
      ]),
    ]);
    expect(row!.mask & RECOVERED_BIT).toBe(0);
    expect(row!.receivedAt).toBeNull();
  });
});
