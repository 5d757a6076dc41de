import { type Delivery } from '../types';
import { dataOf } from './device-behaviour';
import { DeviceApi } from './device-api';
import { EventQueue, type EventCounters } from './event-queue';

export interface ReceiptOptions {
  /** Beacon's device API, e.g. http://10.77.0.2:8080 */
  apiBaseUrl: string;
  appKey: string;
  appSecret: string;
  /** the devices that report: FCM token → gaid */
  devices: Record<string, string>;
  /** each device's events go in one call this long after its first (the SDK batches so); default 200 */
  flushMs?: number;
}

/**
 * Devices that report `received` for every Beacon message delivered to them, through the device API, as the Beacon
 * SDK does: the receipts by which Beacon resolves sends whose fate it does not know (a worker killed mid-request).
 * For an emulator in a process of its own (the host topology), set up through the control API (`…/receipts`).
 */
export class Receipts {
  readonly counters: EventCounters = { eventsSent: 0, eventsFailed: 0, byType: {} };
  private readonly queue: EventQueue;
  private readonly gaids: Map<string, string>;

  constructor(
    readonly projectId: string,
    opts: ReceiptOptions,
  ) {
    const api = new DeviceApi({
      apiBaseUrl: opts.apiBaseUrl,
      appKey: opts.appKey,
      appSecret: opts.appSecret,
      concurrency: 8,
      eventConcurrency: 32,
      delayScale: 0.25,
      // a device keeps its events until the device API takes them (the SDK's queue survives an outage)
      attempts: 14,
    });
    this.gaids = new Map(Object.entries(opts.devices));
    this.queue = new EventQueue(api, opts.flushMs ?? 200, this.counters);
  }

  /** More devices that report (a call of the control API adds to the devices of the app's receipts). */
  add(devices: Record<string, string>): void {
    for (const [token, gaid] of Object.entries(devices)) this.gaids.set(token, gaid);
  }

  onDelivery(d: Delivery): void {
    if (d.projectId !== this.projectId) return;
    const gaid = this.gaids.get(d.token);
    const msgId = dataOf(d.message).tcm_msg_id;
    if (gaid === undefined || msgId === undefined) return;
    this.queue.add(gaid, { type: 'received', msgId, ts: d.receivedAt });
  }
}
