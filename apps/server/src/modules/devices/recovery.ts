import { templateSlots, type RecoveredPush, type TemplateDevice } from '@beacon/shared';
import { buildData, deviceData, payloadOf, RENDER_FAILED, type PayloadMessage } from '../../delivery/engine';
import type { MissedSend, RecoveryRepository, RecoveryRequest } from './recovery.repository';

/** How long a message's content stays cached: a sent notification's content no longer changes. */
const CONTENT_TTL_MS = 60_000;
/** The most messages whose content a process keeps; past it, it forgets them all. */
const CONTENT_MEMORY_MAX = 2_000;

export interface MissedPushesOptions {
  /** absolute URLs for the content's /files/... paths, as in the pushes */
  publicUrl: string;
}

/** A message as recovery shows it: its payload fields, whether it has templates, its data by device language. */
interface Content {
  payload: PayloadMessage;
  templated: boolean;
  byLanguage: Map<string, Record<string, string>>;
}

/**
 * Missed-push recovery on the heartbeat (issue 32 §1). The lookups of a heartbeat flush's devices are one statement,
 * run beside that flush's write (DevicesService: the same batch, on another connection), so a heartbeat waits for
 * its write or its lookup, whichever is longer, never for a second queue. Each found message's content is the data
 * map the engine put in its push (delivery/engine payload), cached per message and device language — built once, not
 * per heartbeat. A message with templates (issue 33 §4) is rendered from the device's own values, as its push was;
 * one that cannot be rendered is not recovered (never shown as a template).
 */
export class MissedPushes {
  private readonly contents = new Map<string, { at: number; content: Content }>();

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
  async content(missed: MissedSend[], device: { appId: number; gaid: string }): Promise<RecoveredPush[]> {
    if (missed.length === 0) return [];
    const contents = await this.messages(missed.map((m) => m.messageId));
    // the device's template values, read once and only when one of its messages has templates
    let tpl: Promise<TemplateDevice | undefined> | undefined;
    const out: RecoveredPush[] = [];
    for (const m of missed) {
      const c = contents.get(m.messageId);
      if (!c) continue;
      let data: Record<string, string> | typeof RENDER_FAILED;
      if (c.templated) {
        tpl ??= this.repo.templateValues(device.appId, device.gaid);
        data = deviceData(c.payload, m.language, await tpl);
      } else {
        const key = c.payload.multiLangEnable ? m.language : '';
        data = c.byLanguage.get(key) ?? buildData(c.payload, m.language);
        c.byLanguage.set(key, data);
      }
      if (data === RENDER_FAILED) continue;
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

  private async messages(ids: string[]): Promise<Map<string, Content>> {
    const now = Date.now();
    const out = new Map<string, Content>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const hit = this.contents.get(id);
      if (hit && now - hit.at < CONTENT_TTL_MS) out.set(id, hit.content);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const read = await this.repo.messages(missing);
      if (this.contents.size + read.length > CONTENT_MEMORY_MAX) this.contents.clear();
      for (const m of read) {
        const payload = payloadOf(m, this.opts.publicUrl);
        const content: Content = {
          payload,
          templated:
            templateSlots({ data: m.data, multiLangContent: m.multiLangEnable ? m.multiLangContent : [] })
              .length > 0,
          byLanguage: new Map(),
        };
        this.contents.set(String(m.id), { at: now, content });
        out.set(String(m.id), content);
      }
    }
    return out;
  }
}
