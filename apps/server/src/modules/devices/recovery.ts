import type { RecoveredPush } from '@beacon/shared';
import { buildData, payloadOf } from '../../delivery/engine';
import type { MissedSend, RecoveryMessage, RecoveryRepository, RecoveryRequest } from './recovery.repository';

/** How long a message's content stays cached: a sent notification's content no longer changes. */
const CONTENT_TTL_MS = 60_000;
/** The most messages whose content a process keeps; past it, it forgets them all. */
const CONTENT_MEMORY_MAX = 2_000;

export interface MissedPushesOptions {
  /** absolute URLs for the content's /files/... paths, as in the pushes */
  publicUrl: string;
}

/**
 * Missed-push recovery on the heartbeat (issue 32 §1). The lookups of a heartbeat flush's devices are one statement,
 * run beside that flush's write (DevicesService: the same batch, on another connection), so a heartbeat waits for
 * its write or its lookup, whichever is longer, never for a second queue. Each found message's content is the data
 * map the engine put in its push (delivery/engine payload: buildData, in the device's language), cached per message.
 */
export class MissedPushes {
  private readonly contents = new Map<string, { at: number; message: RecoveryMessage | null }>();

  constructor(
    private readonly repo: RecoveryRepository,
    private readonly opts: MissedPushesOptions,
  ) {}

  /** Each request's missed sends, newest first, at most its setting's count (one statement for them all). */
  async find(rows: RecoveryRequest[]): Promise<MissedSend[][]> {
    const out: MissedSend[][] = rows.map(() => []);
    if (rows.length === 0) return out;
    for (const f of await this.repo.missed(rows)) out[f.index]?.push(f);
    return out;
  }

  /** The notifications to show again for a device's missed sends, in their order. */
  async content(missed: MissedSend[]): Promise<RecoveredPush[]> {
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
}
