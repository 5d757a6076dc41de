import { base64OfText, objectOfBase64 } from './contracts/cross-content';
import type { MultiLangEntry } from './contracts/notification-content';
import {
  compileTemplate,
  hasTemplateSyntax,
  renderTemplate,
  TemplateRenderError,
  type CompiledTemplate,
  type TemplateProblem,
} from './templates';

/**
 * The fields of a message's content that may hold templates (templates.ts), named as the save's 400 names them:
 * `data.noti_title`, `data.noti_desc`, `data.noti_btn`, `data.noti_txt_ex`, the link `data.noti_open_content`,
 * `data.noti_btn_ex.content.<i>.txt` and its link `.content`, `multiLangContent.<i>.title|desc|extra|button`,
 * `multiLangContent.<i>.buttonExtra.<j>`, and a cross message's text values inside `data.trans_data`
 * (`data.trans_data.<key>…`, its base64 JSON decoded, rendered and encoded again).
 */

/** What the content of a message is made of (a message, an A/B arm, a journey step, a material). */
export interface TemplateContent {
  data: Record<string, unknown>;
  multiLangContent?: ReadonlyArray<
    Partial<Pick<MultiLangEntry, 'title' | 'desc' | 'extra' | 'button'>> & {
      buttonExtra?: readonly string[] | undefined;
    }
  >;
}

/** One field holding template syntax: where it is and whether it is a link (outputs URL-encoded). */
export interface TemplateSlot {
  field: string;
  source: string;
  link: boolean;
  /** the rendered text must not be blank (a notification's title, text, link, button) */
  required: boolean;
}

const TEXT_KEYS: ReadonlyArray<readonly [string, boolean]> = [
  ['noti_title', true],
  ['noti_desc', true],
  ['noti_btn', false],
  ['noti_txt_ex', false],
];
const LANG_KEYS: ReadonlyArray<readonly [string, boolean]> = [
  ['title', true],
  ['desc', true],
  ['extra', false],
  ['button', false],
];

/** The fields of a content that hold template syntax (a content without any has none: it is sent as it is). */
export function templateSlots(content: TemplateContent): TemplateSlot[] {
  const slots: TemplateSlot[] = [];
  const add = (field: string, v: unknown, link: boolean, required: boolean) => {
    if (typeof v === 'string' && hasTemplateSyntax(v)) slots.push({ field, source: v, link, required });
  };
  const d = content.data;
  for (const [k, required] of TEXT_KEYS) add(`data.${k}`, d[k], false, required);
  add('data.noti_open_content', d.noti_open_content, true, true);
  const buttons = (d.noti_btn_ex as { content?: unknown } | undefined)?.content;
  if (Array.isArray(buttons))
    buttons.forEach((b: { txt?: unknown; content?: unknown }, i) => {
      add(`data.noti_btn_ex.content.${i}.txt`, b?.txt, false, true);
      add(`data.noti_btn_ex.content.${i}.content`, b?.content, true, true);
    });
  content.multiLangContent?.forEach((e, i) => {
    const entry = e as unknown as Record<string, unknown>;
    for (const [k, required] of LANG_KEYS) add(`multiLangContent.${i}.${k}`, entry[k], false, required);
    e.buttonExtra?.forEach((b, j) => add(`multiLangContent.${i}.buttonExtra.${j}`, b, false, true));
  });
  if (typeof d.trans_data === 'string' && d.trans_data.length > 0) {
    const decoded = objectOfBase64(d.trans_data);
    if ('value' in decoded)
      walkJson(decoded.value, 'data.trans_data', (field, v) => add(field, v, false, false));
  }
  return slots;
}

function walkJson(v: unknown, path: string, visit: (field: string, v: string) => void): void {
  if (typeof v === 'string') visit(path, v);
  else if (Array.isArray(v)) v.forEach((x, i) => walkJson(x, `${path}.${i}`, visit));
  else if (v !== null && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) walkJson(x, `${path}.${k}`, visit);
}

/**
 * The save-time check (issue 33 §4): the first field whose template breaks the rule (syntax, a tag, a filter not
 * allowed, a variable not in `known`), with its problem; undefined when every template passes.
 */
export function checkContentTemplates(
  content: TemplateContent,
  known: ReadonlySet<string>,
): { field: string; problem: TemplateProblem } | undefined {
  for (const slot of templateSlots(content)) {
    const r = compileTemplate(slot.source, known, { link: slot.link });
    if ('problem' in r) return { field: slot.field, problem: r.problem };
  }
  return undefined;
}

/** The fields and their compiled templates: rendered for each device by renderContent. */
export interface CompiledContent {
  slots: ReadonlyArray<TemplateSlot & { template: CompiledTemplate }>;
}

/**
 * Compiles a content's templates once (send time: the variables were checked at save; a variable no longer known
 * renders as missing). Throws when a template does not parse: no device is sent it.
 */
export function compileContent(content: TemplateContent): CompiledContent {
  const any = { has: () => true } as unknown as ReadonlySet<string>;
  return {
    slots: templateSlots(content).map((slot) => {
      const r = compileTemplate(slot.source, any, { link: slot.link });
      if ('problem' in r) throw new TemplateRenderError(`${slot.field} ${r.problem.message}`);
      return { ...slot, template: r.template };
    }),
  };
}

function setPath(root: unknown, path: readonly string[], value: string): void {
  let cur = root as Record<string, unknown>;
  for (const key of path.slice(0, -1)) cur = cur[key] as Record<string, unknown>;
  cur[path.at(-1) as string] = value;
}

/**
 * The content with every template rendered for one device (a copy: `content` is left as it is). Throws
 * TemplateRenderError (or LiquidJS's RenderError) when a template cannot be rendered, or a required field renders
 * blank: that device must be sent nothing.
 */
export function renderContent<C extends TemplateContent>(
  content: C,
  compiled: CompiledContent,
  scope: Record<string, unknown>,
): C {
  // copies of what the templates change only (the rest is shared with `content`, never written)
  const out = { ...content, data: { ...content.data } } as C & { multiLangContent?: unknown };
  let buttons = false;
  let langs = false;
  let trans: Record<string, unknown> | undefined;
  for (const slot of compiled.slots) {
    const value = renderTemplate(slot.template, scope);
    if (slot.required && value.trim() === '') throw new TemplateRenderError(`${slot.field} renders blank`);
    const path = slot.field.split('.');
    if (path[1] === 'trans_data') {
      if (!trans) {
        const decoded = objectOfBase64(String(content.data.trans_data));
        if (!('value' in decoded)) throw new TemplateRenderError('data.trans_data is not JSON');
        trans = decoded.value;
      }
      setPath(trans, path.slice(2), value);
      continue;
    }
    if (path[1] === 'noti_btn_ex' && !buttons) {
      const ex = content.data.noti_btn_ex as { content: Array<Record<string, unknown>> };
      out.data.noti_btn_ex = { ...ex, content: ex.content.map((b) => ({ ...b })) };
      buttons = true;
    }
    if (path[0] === 'multiLangContent' && !langs) {
      out.multiLangContent = (content.multiLangContent ?? []).map((e) => ({
        ...e,
        ...(e.buttonExtra ? { buttonExtra: [...e.buttonExtra] } : {}),
      }));
      langs = true;
    }
    setPath(out, path, value);
  }
  if (trans) out.data.trans_data = base64OfText(JSON.stringify(trans));
  return out;
}
