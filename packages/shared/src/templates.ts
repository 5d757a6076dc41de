import { Liquid, Output, type Template } from 'liquidjs';

/**
 * Personalised content (issue 33 §4): Liquid templates (LiquidJS) in a message's titles, bodies, buttons and links,
 * filled per device at send time. The one rule, used by the console (live check, preview) and the server (save-time
 * check, send-time render):
 * - only outputs `{{ value | filter: arg }}`: no tag (`{% … %}`: no loop, assign, include, comment, raw), so a render
 *   is a few string operations and cannot read anything but the values given;
 * - only the filters of TEMPLATE_FILTERS;
 * - only known variables: the app's user attributes by bare key (`{{ first_name }}`), the device's fields under
 *   `device.` (TEMPLATE_DEVICE_FIELDS) and `user.id` (the app's own id of the device's user);
 * - a missing value renders as its `default` or as nothing (no strict variables at render);
 * - no HTML escaping (pushes are plain text); a link field (TemplateField.link) URL-encodes every output;
 * - a value is inserted once, never parsed again: a value holding `{{ … }}` is shown as it is.
 */

/** The device fields a template may name, as `device.<field>`. */
export const TEMPLATE_DEVICE_FIELDS = [
  'country',
  'language',
  'brand',
  'model',
  'os_version',
  'app_version',
  'app_version_code',
  'operator',
  'timezone',
] as const;
export type TemplateDeviceField = (typeof TEMPLATE_DEVICE_FIELDS)[number];

/** The filters a template may use: text and number formatting only. */
export const TEMPLATE_FILTERS = [
  'default',
  'upcase',
  'downcase',
  'capitalize',
  'truncate',
  'truncatewords',
  'strip',
  'lstrip',
  'rstrip',
  'append',
  'prepend',
  'replace',
  'remove',
  'date',
  'round',
] as const;

/**
 * The loss code of a device whose templates could not be rendered (LOSS_CODES 112): it is sent nothing, never the
 * unrendered template.
 */
export const TEMPLATE_RENDER_LOSS = 112;

/** The variable of the device's user's own id (the app's external user id). */
export const TEMPLATE_USER_ID = 'user.id';

/** A template's source has template syntax (`{{` or `{%`): without it, a text is sent as it is. */
export function hasTemplateSyntax(source: string): boolean {
  return source.includes('{{') || source.includes('{%');
}

/** A link has whitespace outside its templates' `{{ … }}` (inside, the values are URL-encoded): it is refused. */
export function linkHasSpace(link: string): boolean {
  return /\s/.test(link.replace(/\{\{[^}]*\}\}/g, 'x'));
}

/** What a device brings to a render: its fields, its user's external id and attributes. */
export interface TemplateDevice {
  device: Partial<Record<TemplateDeviceField, string | number | null>>;
  userId?: string | null;
  attributes?: Record<string, unknown> | null;
}

/** The variables a template of an app may name: its attributes' keys, `device.*` and `user.id`. */
export function templateVariables(attributeKeys: Iterable<string>): Set<string> {
  const known = new Set<string>(attributeKeys);
  for (const f of TEMPLATE_DEVICE_FIELDS) known.add(`device.${f}`);
  known.add(TEMPLATE_USER_ID);
  return known;
}

/** Why a template is refused, worded as a predicate after its field's name (validation-messages.rules.ts). */
export type TemplateProblem =
  | { kind: 'syntax'; detail: string; message: string }
  | { kind: 'tag'; name: string; message: string }
  | { kind: 'filter'; name: string; message: string }
  | { kind: 'variable'; name: string; message: string };

let engines: { text: Liquid; link: Liquid } | undefined;
/**
 * The two LiquidJS engines, made on first use (so that importing @beacon/shared loads no template engine): plain text,
 * with no escaping but a value that is no text, number or date refused (never `[object Object]`); and links, every
 * output URL-encoded (a value never changes the link's shape: no `&`, `?`, `/` or space from it).
 */
function engineOf(isLink: boolean): Liquid {
  engines ??= {
    text: new Liquid({
      strictFilters: true,
      ownPropertyOnly: true,
      outputEscape: (v: unknown) => stringOf(v),
    }),
    link: new Liquid({
      strictFilters: true,
      ownPropertyOnly: true,
      outputEscape: (v: unknown) => encodeURIComponent(stringOf(v)),
    }),
  };
  return isLink ? engines.link : engines.text;
}

/** A parsed template: render it with renderTemplate. */
export interface CompiledTemplate {
  readonly link: boolean;
  readonly parts: Template[];
  /**
   * The variables it reads, as paths: a render is a function of their values alone (outputs and pure filters only,
   * own properties), so renders are kept by those values (`memo`) — devices share most of them (country, model…).
   * null: not kept (`date` may read the clock).
   */
  readonly reads: ReadonlyArray<ReadonlyArray<string>> | null;
  readonly memo: Map<string, string>;
}

/** Renders kept per template at most (then it starts again): a bound on memory whatever the values. */
const MEMO_MAX = 2000;

/** A value refused at render: an object or an array is never printed as `[object Object]`. */
export class TemplateRenderError extends Error {}

function stringOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v instanceof Date) return v.toISOString();
  // a list attribute reads as its items, comma-separated
  if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) return v.join(', ');
  throw new TemplateRenderError('a value is not text, a number, a date or a list of them');
}

/** LiquidJS's message without its position suffix (", line:1, col:4") and source excerpt. */
function syntaxDetail(err: unknown): string {
  const m = err instanceof Error ? err.message : String(err);
  return (m.split('\n')[0] ?? m).replace(/, line:\d+, col:\d+$/, '');
}

/**
 * Parses a template and checks it against the rule: only outputs, only TEMPLATE_FILTERS, only `known` variables.
 * Returns the compiled template, or the first problem (for a 400 naming the field).
 */
export function compileTemplate(
  source: string,
  known: ReadonlySet<string>,
  opts: { link?: boolean } = {},
): { template: CompiledTemplate } | { problem: TemplateProblem } {
  const engine = engineOf(opts.link === true);
  let parts: Template[];
  try {
    parts = engine.parse(source);
  } catch (err) {
    const detail = syntaxDetail(err);
    const filter = /^undefined filter: (.+)$/.exec(detail);
    if (filter) return { problem: filterProblem(filter[1] ?? '') };
    return { problem: { kind: 'syntax', detail, message: `is not a valid template: ${detail}` } };
  }
  for (const p of parts) {
    if (p instanceof Output) {
      for (const f of p.value.filters) {
        // the output escape (text, link): our own filter, named by LiquidJS after its function (no name one can type)
        if (f.name === OUTPUT_ESCAPE) continue;
        if (!(TEMPLATE_FILTERS as readonly string[]).includes(f.name))
          return { problem: filterProblem(f.name) };
      }
    } else if ((p.token.kind as number) !== HTML_KIND) {
      const name = (p as { name?: string }).name ?? 'tag';
      return {
        problem: {
          kind: 'tag',
          name,
          message: `uses the tag ${name}: only {{ … }} outputs are allowed`,
        },
      };
    }
  }
  for (const name of engine.fullVariablesSync(parts)) {
    if (!known.has(name))
      return { problem: { kind: 'variable', name, message: `uses the unknown variable ${name}` } };
  }
  const segments = engine.variableSegmentsSync(parts);
  const pure =
    segments.every((s) => s.every((x) => typeof x === 'string')) &&
    !parts.some((p) => p instanceof Output && p.value.filters.some((f) => f.name === 'date'));
  const reads = pure ? segments : null;
  return { template: { link: opts.link === true, parts, reads, memo: new Map() } };
}

/** The name LiquidJS gives the output escape's filter (`toString.call(fn)`). */
const OUTPUT_ESCAPE = '[object Function]';

/** LiquidJS's token kind of plain text between outputs (TokenKind.HTML). */
const HTML_KIND = 16;

function filterProblem(name: string): TemplateProblem {
  return { kind: 'filter', name, message: `uses the filter ${name}, which is not allowed` };
}

/** The value at a variable's path in a scope, own properties only (as the render reads it); undefined when none. */
function valueAt(scope: Record<string, unknown>, path: ReadonlyArray<string>): unknown {
  let cur: unknown = scope;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, key))
      return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** The scope of a render: attributes by bare key, then `device` and `user` (they win over attributes of those names). */
export function templateScope(values: TemplateDevice): Record<string, unknown> {
  return {
    ...(values.attributes ?? {}),
    device: values.device,
    user: { id: values.userId ?? null },
  };
}

/**
 * Renders a compiled template with one device's values: a missing value is its `default`, or nothing. Throws
 * TemplateRenderError (or LiquidJS's RenderError) when it cannot: the caller must then send nothing.
 */
export function renderTemplate(t: CompiledTemplate, scope: Record<string, unknown>): string {
  let key: string | undefined;
  if (t.reads) {
    key = JSON.stringify(t.reads.map((path) => valueAt(scope, path)));
    const kept = t.memo.get(key);
    if (kept !== undefined) return kept;
  }
  const out: unknown = engineOf(t.link).renderSync(t.parts, scope);
  const rendered = typeof out === 'string' ? out : stringOf(out);
  if (key !== undefined) {
    if (t.memo.size >= MEMO_MAX) t.memo.clear();
    t.memo.set(key, rendered);
  }
  return rendered;
}
