/**
 * The assistant streams its structured answer ({kind, answer, suggestions}) as JSON text, token by token. While it
 * arrives, the chat shows what is there so far: the unfinished JSON is closed (open string, objects, arrays) and read.
 */

/** The answer as much of it as has arrived: a plain answer's text, or the suggestions' fields written so far. */
export interface PartialAnswer {
  kind?: 'suggestions' | 'answer' | undefined;
  answer: string;
  suggestions: Array<{ title: string; content: string; button: string }>;
}

/**
 * Closes an unfinished JSON text: drops a half-written key and a dangling comma, gives a key without a value `null`,
 * ends the open string and closes the open objects and arrays. Undefined when it still does not parse (a number or
 * a literal cut in the middle, an escape cut in the middle): the caller keeps what it read before.
 */
export function readPartialJson(text: string): unknown {
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  let isKey = false;
  let lastStringWasKey = false;
  let stringStart = -1;
  let last = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') {
        inString = false;
        lastStringWasKey = isKey;
        last = '"';
      }
      continue;
    }
    if (c === '"') {
      inString = true;
      stringStart = i;
      isKey = stack.at(-1) === '{' && (last === '{' || last === ',');
      continue;
    }
    if (c === '{' || c === '[') stack.push(c);
    else if (c === '}' || c === ']') stack.pop();
    if (!/\s/.test(c)) last = c;
  }
  let out = text;
  if (inString) {
    if (isKey) out = text.slice(0, stringStart);
    else out = `${escaped ? text.slice(0, -1) : text}"`;
  } else if (last === '"' && lastStringWasKey) out = `${text}:null`;
  out = out.trimEnd();
  if (out.endsWith(',')) out = out.slice(0, -1);
  if (out.endsWith(':')) out += 'null';
  for (const open of [...stack].reverse()) out += open === '{' ? '}' : ']';
  if (out.trim() === '') return undefined;
  try {
    return JSON.parse(out) as unknown;
  } catch {
    return undefined;
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** What the chat shows of a streamed answer so far; undefined while nothing readable has arrived. */
export function partialAnswer(text: string): PartialAnswer | undefined {
  const value = readPartialJson(text);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const o = value as Record<string, unknown>;
  const kind = o.kind === 'suggestions' || o.kind === 'answer' ? o.kind : undefined;
  const suggestions = Array.isArray(o.suggestions)
    ? o.suggestions
        .filter((s): s is Record<string, unknown> => typeof s === 'object' && s !== null)
        .map((s) => ({ title: str(s.title), content: str(s.content), button: str(s.button) }))
    : [];
  return { kind, answer: str(o.answer), suggestions };
}
