import type { CompiledAudience } from '../../audience/compile-conditions';
import type { Batch, BatchRepository, Drops, PageDevice } from './batch.repository';
import { BatchSender, type SendItem, type SenderDeps } from './batch-sender';
import type { InFlightRepository } from './in-flight.repository';
import type { Holdout } from './audience-source';
import { staleCutoffs } from '@beacon/shared';
import { decide, INACTIVE_MS, NEW_DEVICE_MS, type PolicyFilter } from './filters';
import { BatchKind } from './kinds';

export interface BatchRunDeps extends SenderDeps {
  repo: BatchRepository;
  inFlight: InFlightRepository;
  /** the wave's audience (BatchKind.AUDIENCE) */
  audience: CompiledAudience | undefined;
  policy: PolicyFilter | undefined;
  pageSize: number;
  /** the app's new-device protection: devices first seen within NEW_DEVICE_MS are dropped with 106 */
  protectNew: boolean;
  /** the app's stale limit in days, 0 off: devices silent that long, or past FCM's token expiry, are dropped with 111 */
  staleDays: number;
  /** the devices the message holds out (the app's control group: 113, its own control share: 114) */
  holdouts?: readonly Holdout[];
  /** true once the batch must send nothing more: the message is stopping or this worker is shutting down */
  halted: () => boolean;
}

/** What one run of a batch left: whether it was cut short, and whether some of its devices still wait. */
export interface BatchRunResult {
  halted: boolean;
  resolved: boolean;
  waiting: boolean;
  /** the sends an earlier run left in flight that this run resolved by receipts, or that still wait for them */
  ambiguous?: { received: number; resend: number; deferred: number };
}

interface Selection {
  send: PageDevice[];
  wait: Array<{ device: PageDevice; notBefore: number }>;
  lastId: number;
  full: boolean;
  capped: boolean;
}

/**
 * One run of a delivery batch: first its waiting send records that are due (a recall's devices, windows that
 * ended, FCM retries), then — for a wave's batch — its audience page by page (the next page is read, filtered and
 * reserved while the current one is sending), every device sent once through a sliding window of requests.
 */
export class BatchRun {
  private readonly sender: BatchSender;
  private carry = 0;
  /** devices claimed in flight whose request this run did not start (it stopped first): given back at its end */
  private readonly unsent: string[] = [];

  constructor(
    private readonly deps: BatchRunDeps,
    private readonly batch: Batch,
    private readonly resolved: boolean,
  ) {
    this.sender = new BatchSender(deps, batch);
  }

  async run(): Promise<BatchRunResult> {
    const { batch, deps } = this;
    let halted = false;
    let ambiguous: BatchRunResult['ambiguous'];
    try {
      const records = batch.kind === BatchKind.SEND_RECORDS;
      if (records || batch.waiting || batch.attempts > 1) {
        // sends left in flight by an earlier run: received ones count, the others are sent again (once due)
        const t0 = deps.clock.mark();
        ambiguous = await deps.inFlight.resolveAmbiguous(batch, deps.leaseSeconds, deps.receiptWindowSeconds);
        deps.clock.renewed(t0);
        halted = await this.sendWaiting();
      }
      let resolved = this.resolved || records;
      if (!resolved && !halted) {
        const r = await this.sendAudience();
        halted = r.halted;
        resolved = !halted;
      }
      await this.sender.drain();
      halted ||= deps.halted();
      return { halted, resolved, waiting: this.sender.waiting > 0, ...(ambiguous ? { ambiguous } : {}) };
    } finally {
      await this.sender.drain().catch(() => undefined);
      if (this.unsent.length)
        await deps.inFlight.unclaim(batch, this.unsent, deps.leaseSeconds).catch(() => undefined);
    }
  }

  /** Sends the items in order until the run is halted (true) or a send fails; what it did not start is unsent. */
  private async sendAll(items: readonly SendItem[]): Promise<boolean> {
    let i = 0;
    try {
      for (; i < items.length; i++) {
        if (this.deps.halted()) return true;
        const wait = this.sender.send(items[i] as SendItem);
        if (wait) await wait;
      }
      return false;
    } finally {
      for (let j = i; j < items.length; j++) this.unsent.push((items[j] as SendItem).id);
    }
  }

  private async sendWaiting(): Promise<boolean> {
    const { batch, deps } = this;
    let after = batch.fromId - 1;
    for (;;) {
      if (deps.halted()) return true;
      const t0 = deps.clock.mark();
      const rows = await deps.inFlight.claimWaiting(
        batch,
        after,
        deps.pageSize,
        deps.receiptWindowSeconds,
        deps.leaseSeconds,
        deps.payload.templated,
      );
      deps.clock.renewed(t0);
      if (await this.sendAll(rows)) return true;
      if (rows.length < deps.pageSize) return false;
      after = Number((rows.at(-1) as (typeof rows)[number]).id);
    }
  }

  private async sendAudience(): Promise<{ halted: boolean }> {
    const { batch, deps } = this;
    // a batch run again (crash, hand-over) may already have counted devices it did not record: use those first
    if (batch.attempts > 1)
      this.carry = Math.max(0, batch.reserved - (await deps.repo.selectedInBatch(batch)));
    let next: Promise<Selection> | undefined = this.readAhead(batch.fromId - 1);
    try {
      while (next) {
        const page: Selection = await next;
        next = page.full && !page.capped && !deps.halted() ? this.readAhead(page.lastId) : undefined;
        for (const w of page.wait) this.sender.wait(w.device, w.notBefore);
        if (await this.sendAll(page.send)) return { halted: true };
      }
      return { halted: deps.halted() };
    } finally {
      // a page read ahead but not sent keeps its grant (its devices claimed, given back as waiting: unsent)
      const ahead = await next?.catch(() => undefined);
      for (const d of ahead?.send ?? []) this.unsent.push(d.id);
      if (this.carry > 0 && !deps.halted()) await deps.repo.unreserve(batch, this.carry);
    }
  }

  /**
   * select() for a page read while the current one sends: it is awaited only once that page is sent, so a failure
   * meanwhile (the database restarting) would be an unhandled rejection that ends the process; it is marked handled
   * here and still thrown where it is awaited (the job fails and is retried).
   */
  private readAhead(afterId: number): Promise<Selection> {
    const page = this.select(afterId);
    page.catch(() => undefined);
    return page;
  }

  /** Reads, filters and reserves one page: who is sent, who waits for a window, who is dropped (recorded now). */
  private async select(afterId: number): Promise<Selection> {
    const { batch, deps } = this;
    const audience = deps.audience;
    if (!audience) return { send: [], wait: [], lastId: afterId, full: false, capped: false };
    const now = Date.now();
    const stale = staleCutoffs(now, deps.staleDays);
    const devices = await deps.repo.page(audience, batch, afterId, deps.pageSize, {
      skipRecorded: batch.attempts > 1,
      facts: deps.policy !== undefined,
      template: deps.payload.templated,
      inactiveBefore: new Date(now - INACTIVE_MS),
      newSince: deps.protectNew ? new Date(now - NEW_DEVICE_MS) : null,
      tokenStaleBefore: new Date(stale.tokenBefore),
      staleBefore: stale.activeBefore === null ? null : new Date(stale.activeBefore),
      holdouts: deps.holdouts ?? [],
    });
    if (devices.length) await deps.policy?.prefetch?.(devices);
    const candidates: Array<{ device: PageDevice; notBefore?: number }> = [];
    const drops: Drops = { ids: [], losses: [], countries: [], appVersions: [] };
    for (const device of devices) {
      const v = decide(device, now, deps.deadline, deps.policy);
      if (v.loss !== 0) {
        drops.ids.push(device.id);
        drops.losses.push(v.loss);
        drops.countries.push(device.country);
        drops.appVersions.push(device.appVersion);
      } else {
        candidates.push(v.notBefore === undefined ? { device } : { device, notBefore: v.notBefore });
      }
    }
    const fromCarry = Math.min(this.carry, candidates.length);
    this.carry -= fromCarry;
    const want = candidates.length - fromCarry;
    // the granted devices to send now are written as the page's intent by the same statement, before any request starts
    const claim = {
      ids: candidates.map((c) => c.device.id),
      send: candidates.map((c) => c.notBefore === undefined),
      fromCarry,
      leaseSeconds: deps.leaseSeconds,
      windowSeconds: deps.receiptWindowSeconds,
    };
    let granted = fromCarry;
    if (want > 0 || drops.ids.length || fromCarry > 0) {
      const t0 = deps.clock.mark();
      granted += await deps.repo.reserve(batch, want, drops, claim);
      deps.clock.renewed(t0);
    }
    const send: PageDevice[] = [];
    const wait: Selection['wait'] = [];
    for (let i = 0; i < granted && i < candidates.length; i++) {
      const c = candidates[i] as (typeof candidates)[number];
      if (c.notBefore === undefined) send.push(c.device);
      else wait.push({ device: c.device, notBefore: c.notBefore });
    }
    const lastId = devices.length ? Number((devices.at(-1) as PageDevice).id) : afterId;
    return {
      send,
      wait,
      lastId,
      full: devices.length === deps.pageSize,
      capped: granted < candidates.length,
    };
  }
}
