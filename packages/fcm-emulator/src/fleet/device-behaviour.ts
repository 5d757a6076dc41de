import { type EventType } from '@beacon/shared';
import { contentChances, contentTraits } from './engagement';
import { type QueuedEvent } from './event-queue';
import { type FleetDevice } from './fleet-devices';
import { uniform, type Random } from './prng';
import { type Timers } from './timers';

export interface FleetBehaviour {
  /**
   * chance a notification is shown (else show_failed reason 12), when notifications are enabled; for a message
   * with a picture × 0.97 (engagement.ts)
   */
  pShown: number;
  /**
   * chance a shown notification is clicked, for a short title (≤ 40 characters) without emoji or picture in the
   * device's language; the content moves it (engagement.ts: long title × 0.7, emoji × 1.3, picture × 1.5, another
   * writing system × 0.5)
   */
  pClicked: number;
  /** chance a shown, not clicked notification is dismissed */
  pDismissed: number;
  /** multiplies every delay (tests use e.g. 0.01) */
  delayScale: number;
}

export const BEHAVIOUR_DEFAULTS: FleetBehaviour = {
  pShown: 0.95,
  pClicked: 0.12,
  pDismissed: 0.35,
  delayScale: 1,
};

/** show_failed reasons of docs/sdk-api.md. */
export const REASON_NOTIFICATIONS_DISABLED = 1;
export const REASON_RENDERING_FAILED = 12;

const MSG_ID = /^\d{1,18}$/;

/** The FCM data map of a delivered message (`android.data` merged over `data`, as on a device). */
export function dataOf(message: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const android = message.android as { data?: unknown } | undefined;
  for (const src of [message.data, android?.data]) {
    if (src === null || typeof src !== 'object') continue;
    for (const [k, v] of Object.entries(src)) if (typeof v === 'string') out[k] = v;
  }
  return out;
}

/**
 * One simulated device: what its SDK reports for each delivered message. Delays are drawn in simulated seconds;
 * timers wait `delay × delayScale`, while each event's `ts` is the delivery time plus the unscaled delays (what a
 * real device would report), so statistics such as time-to-click look real even in a fast test.
 */
export class SimulatedDevice {
  /** notifications currently in the tray, by message id */
  private readonly shown = new Set<string>();
  /** a battery-killed device's pending app open (one at a time) */
  private opening = false;

  constructor(
    readonly device: FleetDevice,
    private readonly rnd: Random,
    private readonly behaviour: FleetBehaviour,
    private readonly timers: Timers,
    private readonly report: (gaid: string, e: QueuedEvent) => void,
    /**
     * the battery killer (battery-killer.ts): this device drops every push while asleep; `openAfter` s after a dropped
     * push (none: never by itself) its app opens and `openApp` runs (the fleet's heartbeat, then onRecovered)
     */
    private readonly killed?: { openAfter: number | undefined; openApp: () => void },
  ) {}

  /** Whether the battery killer drops this device's pushes. */
  get batteryKilled(): boolean {
    return this.killed !== undefined;
  }

  /** Handles one delivery; returns false when it carries no Beacon message id. */
  onMessage(message: Record<string, unknown>, now = Date.now()): boolean {
    const data = dataOf(message);
    const msgId = data.tcm_msg_id;
    if (msgId === undefined || !MSG_ID.test(msgId)) return false;
    if (this.killed) {
      // asleep under the battery killer: the push is dropped, nothing reported; the app opens later
      const { openAfter, openApp } = this.killed;
      if (openAfter !== undefined && !this.opening) {
        this.opening = true;
        this.at(openAfter, () => {
          this.opening = false;
          openApp();
        });
      }
      return true;
    }
    const target = data.tcm_target_msg_id;
    const passThrough = data.trans_data !== undefined && data.noti_title === undefined;
    const received = uniform(this.rnd, 0.2, 3);
    this.at(received, () => {
      this.emit('received', msgId, now, received);
      if (target !== undefined && MSG_ID.test(target)) this.recall(target, now, received);
      else if (!passThrough) this.show(msgId, data, now, received);
    });
    return true;
  }

  /**
   * The notifications a heartbeat recovered (missed-push recovery): each is received — reported as recovered — and
   * shown as if pushed now, from the content the answer carries.
   */
  onRecovered(items: ReadonlyArray<{ msgId: string; data: Record<string, string> }>, now = Date.now()): void {
    for (const item of items) {
      if (!MSG_ID.test(item.msgId)) continue;
      const received = uniform(this.rnd, 0.1, 0.5);
      this.at(received, () => {
        this.emit('received', item.msgId, now, received, undefined, true);
        this.show(item.msgId, item.data, now, received);
      });
    }
  }

  private recall(target: string, now: number, at: number): void {
    if (!this.shown.delete(target)) return;
    this.emit('recalled', target, now, at);
  }

  private show(msgId: string, data: Record<string, string>, now: number, at: number): void {
    const b = this.behaviour;
    if (!this.device.notificationsEnabled) {
      this.emit('show_failed', msgId, now, at, REASON_NOTIFICATIONS_DISABLED);
      return;
    }
    // the content sets the chances; the draws stay the device's own seeded sequence, as many per message as ever
    const chances = contentChances(b, contentTraits(data, this.device.attributes.language));
    const shownAt = at + uniform(this.rnd, 0.1, 1);
    const isShown = this.rnd() < chances.pShown;
    const clicked = isShown && this.rnd() < chances.pClicked;
    const dismissed = isShown && !clicked && this.rnd() < b.pDismissed;
    const closeAt =
      shownAt + (clicked ? uniform(this.rnd, 2, 60) : dismissed ? uniform(this.rnd, 3, 120) : 0);
    this.at(shownAt - at, () => {
      if (!isShown) {
        this.emit('show_failed', msgId, now, shownAt, REASON_RENDERING_FAILED);
        return;
      }
      this.shown.add(msgId);
      this.emit('shown', msgId, now, shownAt);
      if (!clicked && !dismissed) return;
      this.at(closeAt - shownAt, () => {
        // a recall that arrived first removed the notification: nothing left to click or dismiss
        if (!this.shown.delete(msgId)) return;
        this.emit(clicked ? 'clicked' : 'dismissed', msgId, now, closeAt);
      });
    });
  }

  /** Runs `fn` after `seconds` of simulated time. */
  private at(seconds: number, fn: () => void): void {
    this.timers.after(seconds * 1000 * this.behaviour.delayScale, fn);
  }

  private emit(
    type: EventType,
    msgId: string,
    now: number,
    atSeconds: number,
    reason?: number,
    recovered?: boolean,
  ): void {
    const e: QueuedEvent = { type, msgId, ts: Math.round(now + atSeconds * 1000) };
    if (reason !== undefined) e.reason = reason;
    if (recovered) e.recovered = true;
    this.report(this.device.gaid, e);
  }
}
