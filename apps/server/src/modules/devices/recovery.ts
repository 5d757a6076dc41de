import type { PushRecovery, RecoveredPush } from '@beacon/shared';
import { buildData, payloadOf } from '../../delivery/engine';
import { WriteBatcher, type WriteBatcherObserver } from '../../lib/write-batcher';
import type { MissedSend, RecoveryMessage, RecoveryRepository, RecoveryRequest } from './recovery.repository';

/** How long a message's content stays cached: a sent notification's content no longer changes. */
const CONTENT_TTL_MS = 60_000;
/** The most messages whose content a process keeps; past it, it forgets them all. */
const CONTENT_MEMORY_MAX = 2_000;

export interface MissedPushesOptions {
  /** absolute URLs for the content's /files/... paths, as in the pushes */
  publicUrl: string;
  maxBatch?: number;
  maxDelayMs?: number;
  concurrency?: number;
  observer?: WriteBatcherObserver;
}

/**
 * Missed-push recovery on the heartbeat (issue 32 §1): the lookups of concurrent heartbeats go to the database as one
 * statement (a group-commit batcher, as the heartbeat's own write), and each found message's content is the data map
 * the engine put in its push (delivery/engine payload: buildData, in the device's language), cached per message.
 */
export class MissedPushes {
  private readonly lookups: WriteBatcher<RecoveryRequest, MissedSend[]>;
  private readonly contents = new Map<string, { at: number; message: RecoveryMessage | null }>();

  constructor(
    private readonly repo: RecoveryRepository,
    private readonly opts: MissedPushesOptions,
  ) {
    this.lookups = new WriteBatcher(
      async (rows) => {
        const found = await this.repo.missed(rows);
        const out: MissedSend[][] = rows.map(() => []);
        for (const f of found) out[f.index]?.push(f);
        return out;
      },
      {
        maxBatch: opts.maxBatch ?? 500,
        maxDelayMs: opts.maxDelayMs ?? 10,
        concurrency: opts.concurrency ?? 1,
        ...(opts.observer ? { observer: opts.observer } : {}),
      },
    );
  }

  /** The notifications to show again on this device, newest first, at most the setting's count. */
  async for(appId: number, gaid: string, setting: PushRecovery): Promise<RecoveredPush[]> {
    const missed = await this.lookups.add({
      appId,
      gaid,
      maxAgeHours: setting.maxAgeHours,
      maxCount: setting.maxCount,
    });
    if (missed.length === 0) return [];
    const messages = await this.messages(missed.map((m) => m.messageId));
    const out: RecoveredPush[] = [];
    for (const m of missed) {
      const message = messages.get(m.messageId);
      if (!message) continue;
      const data = buildData(payloadOf(message, this.opts.publicUrl), m.language);
      out.push({
        msgId: m.messageId,
        sentAt: m.sentAt.toISOString(),
        title: data.noti_title ?? '',
        body: data.noti_desc ?? '',
        data,
      });
    }
    return out;
  }

  private async messages(ids: string[]): Promise<Map<string, RecoveryMessage>> {
    const now = Date.now();
    const out = new Map<string, RecoveryMessage>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const hit = this.contents.get(id);
      if (hit && now - hit.at < CONTENT_TTL_MS) {
        if (hit.message) out.set(id, hit.message);
      } else missing.push(id);
    }
    if (missing.length > 0) {
      const read = await this.repo.messages(missing);
      if (this.contents.size + read.length > CONTENT_MEMORY_MAX) this.contents.clear();
      for (const m of read) {
        this.contents.set(String(m.id), { at: now, message: m });
        out.set(String(m.id), m);
      }
    }
    return out;
  }

  async drain(): Promise<void> {
    await this.lookups.drain();
  }
}
