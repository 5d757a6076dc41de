// A small reader of TypeScript expressions for the tests that scan the server's sources (lib/field-messages.test.ts):
// strings, templates and brackets, enough to find a call's arguments.

const OPEN: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** The index just past the string or template that starts at `at`. */
export function skipQuoted(src: string, at: number): number {
  const quote = src[at];
  let i = at + 1;
  while (i < src.length) {
    const c = src[i];
    if (c === '\\') i += 2;
    else if (c === quote) return i + 1;
    else if (quote === '`' && c === '$' && src[i + 1] === '{') i = skipUntil(src, i + 2, '}') + 1;
    else i++;
  }
  return i;
}

/** The index of `closer` that ends the expression starting at `at` (outside strings and brackets). */
export function skipUntil(src: string, at: number, closer: string): number {
  let i = at;
  while (i < src.length) {
    const c = src[i] ?? '';
    if (c === closer) return i;
    if (c === "'" || c === '"' || c === '`') i = skipQuoted(src, i);
    else if (OPEN[c]) i = skipUntil(src, i + 1, OPEN[c] ?? '') + 1;
    else if (c === '/' && src[i + 1] === '/') i = src.includes('\n', i) ? src.indexOf('\n', i) : src.length;
    else i++;
  }
  return i;
}

/** The indexes of `char` in `expr` outside strings and brackets. */
export function topLevel(expr: string, char: string): number[] {
  const found: number[] = [];
  let i = 0;
  while (i < expr.length) {
    const c = expr[i] ?? '';
    if (c === char) found.push(i);
    if (c === "'" || c === '"' || c === '`') i = skipQuoted(expr, i);
    else if (OPEN[c]) i = skipUntil(expr, i + 1, OPEN[c] ?? '') + 1;
    else i++;
  }
  return found;
}

/** A call's arguments, as written (whitespace collapsed). */
export function argumentsOf(src: string, open: number): string[] {
  const close = skipUntil(src, open + 1, ')');
  const inner = src.slice(open + 1, close);
  const cuts = [-1, ...topLevel(inner, ','), inner.length];
  return cuts
    .slice(1)
    .map((end, k) => inner.slice((cuts[k] ?? 0) + 1, end).trim())
    .filter((a) => a !== '')
    .map((a) => a.replace(/\s*\n\s*/g, ' '));
}
