const NEEDS_ESCAPE = /[\\"]/;

/** A PostgreSQL text[] literal: every element quoted (so NULL, braces, commas and spaces stay text), null as NULL. */
export function textArrayLiteral(values: ReadonlyArray<string | null>): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else out += NEEDS_ESCAPE.test(v) ? `"${v.replace(/[\\"]/g, '\\$&')}"` : `"${v}"`;
  }
  return `${out}}`;
}
