import {
  compileContent,
  hasTemplateSyntax,
  MessageType,
  renderContent,
  templateScope,
  templateSlots,
  type CompiledContent,
  type MultiLangEntry,
  type TemplateContent,
  type TemplateDevice,
} from '@beacon/shared';
import type { FcmMessage } from '../fcm-types';

export interface PayloadMessage {
  id: number;
  msgType: number;
  pkg: string;
  ttlSeconds: number;
  createdAt: Date;
  data: Record<string, unknown>;
  multiLangEnable: boolean;
  multiLangContent: MultiLangEntry[];
  /** for a recall: the message whose notification the device removes */
  targetMsgId?: number;
  /** absolute URLs for site-relative /files/... paths */
  publicUrl: string;
}

/** FCM's limit on data keys plus values. */
export const MAX_DATA_BYTES = 4096;

const URL_FIELDS = new Set([
  'noti_small_icon',
  'noti_icon',
  'noti_img_ex',
  'noti_optional_icon',
  'download_img_url',
]);

function asString(key: string, value: unknown, publicUrl: string): string {
  if (typeof value === 'string')
    return URL_FIELDS.has(key) && value.startsWith('/files/') ? `${publicUrl}${value}` : value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}

/** The device's entry of a multi-language message: exact language, then its base language, else none. */
export function pickLanguage(entries: MultiLangEntry[], deviceLanguage: string): MultiLangEntry | undefined {
  const base = deviceLanguage.split('_')[0];
  return (
    entries.find((e) => e.lang === deviceLanguage) ??
    entries.find((e) => e.lang === base) ??
    entries.find((e) => e.lang.split('_')[0] === base)
  );
}

/**
 * The type the device renders by: a test preview (stored as type 98, never counted in the reports) carries its
 * content's type — a cross preview's trans_data is handed to the app like any cross message's.
 */
function contentType(m: PayloadMessage): number {
  if (m.msgType !== MessageType.PREVIEW) return m.msgType;
  return typeof m.data.trans_data === 'string' ? MessageType.PASS_THROUGH : MessageType.NOTIFICATION;
}

/**
 * The string map a message's data carries to one device (DESIGN §5): tcm_* keys, the noti_* content (in the
 * device's language for multi-language messages), all values strings.
 */
export function buildData(m: PayloadMessage, deviceLanguage: string): Record<string, string> {
  const out: Record<string, string> = {
    tcm_msg_id: String(m.id),
    tcm_msg_type: String(contentType(m)),
    tcm_msg_pkg: m.pkg,
    tcm_msg_ttl: String(m.ttlSeconds),
    tcm_msg_timestamp: String(m.createdAt.getTime()),
  };
  for (const [key, value] of Object.entries(m.data)) {
    if (
      key.startsWith('tcm_') ||
      key === 'from' ||
      key === 'message_type' ||
      key.startsWith('google') ||
      key.startsWith('gcm')
    )
      continue;
    const text = asString(key, value, m.publicUrl);
    if (text !== '') out[key] = text;
  }
  if (m.multiLangEnable) {
    const entry = pickLanguage(m.multiLangContent, deviceLanguage);
    if (entry) {
      out.noti_title = entry.title;
      out.noti_desc = entry.desc;
      if (entry.extra) out.noti_txt_ex = entry.extra;
      if (entry.button) out.noti_btn = entry.button;
    }
  }
  if (m.targetMsgId !== undefined) out.tcm_target_msg_id = String(m.targetMsgId);
  return out;
}

/** UTF-8 bytes of keys plus values, as FCM counts them. */
export function dataBytes(data: Record<string, string>): number {
  let n = 0;
  for (const [k, v] of Object.entries(data)) n += Buffer.byteLength(k) + Buffer.byteLength(v);
  return n;
}

/** The FCM HTTP v1 `message` for one device: a data message with TTL, priority, collapse key and package. */
export function buildFcmMessage(m: PayloadMessage, token: string, deviceLanguage: string): FcmMessage {
  return {
    token,
    data: buildData(m, deviceLanguage),
    android: {
      priority: 'HIGH',
      ttl: `${m.ttlSeconds}s`,
      collapse_key: String(m.targetMsgId ?? m.id),
      restricted_package_name: m.pkg,
    },
  };
}

/** A device whose templates could not be rendered: it is sent nothing (loss 112), never the template. */
export const RENDER_FAILED = Symbol('render failed');

/**
 * The compiled templates of the messages this process sends, by message and language (parsed once per process, not
 * per batch): its sources are compared on every look-up, so an edited message is compiled again. null: a template
 * that does not parse (every device of it is lost with 112).
 */
const compiledTemplates = new Map<string, { sources: string; compiled: CompiledContent | null }>();
const COMPILED_KEPT = 500;

function compiledOf(id: number, language: string, content: TemplateContent): CompiledContent | null {
  const key = `${id}:${language}`;
  const sources = JSON.stringify(templateSlots(content).map((s) => s.source));
  const hit = compiledTemplates.get(key);
  if (hit && hit.sources === sources) return hit.compiled;
  let compiled: CompiledContent | null;
  try {
    compiled = compileContent(content);
  } catch {
    compiled = null;
  }
  if (compiledTemplates.size >= COMPILED_KEPT) compiledTemplates.clear();
  compiledTemplates.set(key, { sources, compiled });
  return compiled;
}

/**
 * The FCM request bodies of one message, built once per device language (once in all when the message has one
 * language): a device's body is the shared JSON with its token spliced in, so no message object is built or
 * serialised per device. `undefined` when the data is too large. A message with templates (issue 33 §4) is rendered
 * per device from its values (`tpl`), its templates compiled once; RENDER_FAILED when they cannot be.
 */
export class PayloadCache {
  private readonly byLanguage = new Map<string, string | null>();
  /** each language's body frame with its compiled templates (from the process's cache, looked up once) */
  private readonly frames = new Map<string, Frame | null>();
  /** the message's content has templates: each device's values are read with its row and rendered */
  readonly templated: boolean;

  constructor(private readonly m: PayloadMessage) {
    this.templated = templateSlots(this.content(m.multiLangContent)).length > 0;
  }

  private content(entries: MultiLangEntry[]): TemplateContent {
    return { data: this.m.data, multiLangContent: this.m.multiLangEnable ? entries : [] };
  }

  /** `{"message":{"token":…,"data":…,"android":…}}` for one device, exactly JSON.stringify of buildFcmMessage's. */
  body(token: string, language: string, tpl?: TemplateDevice): string | undefined | typeof RENDER_FAILED {
    if (this.templated) return this.rendered(token, language, tpl);
    const key = this.m.multiLangEnable ? language : '';
    let rest = this.byLanguage.get(key);
    if (rest === undefined) {
      const built = buildFcmMessage(this.m, '', language);
      rest =
        dataBytes(built.data as Record<string, string>) > MAX_DATA_BYTES
          ? null
          : `,"data":${JSON.stringify(built.data)},"android":${JSON.stringify(built.android)}}}`;
      this.byLanguage.set(key, rest);
    }
    return rest === null ? undefined : `{"message":{"token":${JSON.stringify(token)}${rest}`;
  }

  private rendered(
    token: string,
    language: string,
    tpl: TemplateDevice | undefined,
  ): string | undefined | typeof RENDER_FAILED {
    const { m } = this;
    // only the device's language is rendered (its entry alone), not every language of the message
    const entry = m.multiLangEnable ? pickLanguage(m.multiLangContent, language) : undefined;
    const entries = entry ? [entry] : [];
    const frame = this.frameOf(entry?.lang ?? '', entries, language);
    if (frame === null || tpl === undefined) return RENDER_FAILED;
    const data = renderedData(m, this.content(entries), frame.compiled, tpl, language);
    if (data === RENDER_FAILED) return data;
    // only the keys templates fill are written per device; the rest of the body is the language's, built once
    let dynamic = '';
    let bytes = frame.fixedBytes;
    for (const key of frame.dynamicKeys) {
      const value = data[key];
      if (value === undefined) continue;
      dynamic += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
      bytes += Buffer.byteLength(key) + Buffer.byteLength(value);
    }
    if (bytes > MAX_DATA_BYTES) return undefined;
    return `{"message":{"token":${JSON.stringify(token)},"data":{${frame.fixed}${dynamic}},"android":${frame.android}}}`;
  }

  /**
   * The body's parts of one language, built once: its compiled templates, the data keys they fill (`dynamicKeys`),
   * and the JSON and size of the other keys and of `android`. null: a template that does not parse.
   */
  private frameOf(lang: string, entries: MultiLangEntry[], language: string): Frame | null {
    let frame = this.frames.get(lang);
    if (frame !== undefined) return frame;
    const compiled = compiledOf(this.m.id, lang, this.content(entries));
    if (compiled === null) frame = null;
    else {
      const built = buildFcmMessage(this.m, '', language);
      const data = built.data as Record<string, string>;
      // the keys holding a template as built unrendered, and trans_data when its JSON does (it is carried encoded)
      const dynamicKeys = Object.keys(data).filter(
        (k) =>
          hasTemplateSyntax(data[k] as string) ||
          (k === 'trans_data' && compiled.slots.some((x) => x.field.startsWith('data.trans_data.'))),
      );
      const fixed = Object.entries(data).filter(([k]) => !dynamicKeys.includes(k));
      frame = {
        compiled,
        dynamicKeys,
        fixed: fixed.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(','),
        fixedBytes: fixed.reduce((n, [k, v]) => n + Buffer.byteLength(k) + Buffer.byteLength(v), 0),
        android: JSON.stringify(built.android),
      };
    }
    this.frames.set(lang, frame);
    return frame;
  }
}

/**
 * One device's data map of a message as its push carried it (missed-push recovery shows it again): a message with
 * templates rendered from the device's values, its templates compiled once per process as the sends' are;
 * RENDER_FAILED when they cannot be rendered (no values, a template that does not parse) — never the template.
 */
export function deviceData(
  m: PayloadMessage,
  language: string,
  tpl: TemplateDevice | undefined,
): Record<string, string> | typeof RENDER_FAILED {
  const entry = m.multiLangEnable ? pickLanguage(m.multiLangContent, language) : undefined;
  const entries = entry ? [entry] : [];
  const content: TemplateContent = { data: m.data, multiLangContent: m.multiLangEnable ? entries : [] };
  if (templateSlots(content).length === 0) return buildData(m, language);
  const compiled = compiledOf(m.id, entry?.lang ?? '', content);
  if (compiled === null || tpl === undefined) return RENDER_FAILED;
  return renderedData(m, content, compiled, tpl, language);
}

/** The data map of `content` (the message's, its entry of the device's language) rendered from one device's values. */
function renderedData(
  m: PayloadMessage,
  content: TemplateContent,
  compiled: CompiledContent,
  tpl: TemplateDevice,
  language: string,
): Record<string, string> | typeof RENDER_FAILED {
  let r: TemplateContent;
  try {
    r = renderContent(content, compiled, templateScope(tpl));
  } catch {
    return RENDER_FAILED;
  }
  return buildData(
    { ...m, data: r.data, multiLangContent: (r.multiLangContent ?? []) as MultiLangEntry[] },
    language,
  );
}

/** One language's body of a message with templates, less what each device's values fill. */
interface Frame {
  compiled: CompiledContent;
  dynamicKeys: string[];
  fixed: string;
  fixedBytes: number;
  android: string;
}

/** The payload fields of a message as the engine reads it (a recall targets its parent's notification). */
export function payloadOf(
  msg: Omit<PayloadMessage, 'publicUrl' | 'targetMsgId'> & { parentMsgId: number | null },
  publicUrl: string,
): PayloadMessage {
  const { id, msgType, pkg, ttlSeconds, createdAt, data, multiLangEnable, multiLangContent } = msg;
  return {
    id,
    msgType,
    pkg,
    ttlSeconds,
    createdAt,
    data,
    multiLangEnable,
    multiLangContent,
    publicUrl,
    ...(msgType === MessageType.RECALL && msg.parentMsgId ? { targetMsgId: msg.parentMsgId } : {}),
  };
}
