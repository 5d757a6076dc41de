/** Longest display name kept for an uploaded file, in characters (code points). */
export const FILE_NAME_MAX = 100;

/** Control, format (bidi overrides and isolates, zero-width, BOM), separator and lone surrogate characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;
/** A short extension (`.png`, `.json`, `.tar`) that truncation keeps. */
const EXTENSION = /\.[\p{L}\p{N}_-]{1,10}$/u;

/**
 * The name to store and show for an uploaded file, from the name its client sent: the last path part only (`/` and
 * `\`), no control or bidi characters, spaces collapsed, at most `max` characters with the extension kept; `file`
 * (plus the extension) when nothing is left. It is a label, never a path on disk.
 */
export function displayFileName(sent: string, max = FILE_NAME_MAX): string {
  const last = sent.split(/[/\\]/).pop() ?? '';
  let name = last.replace(INVISIBLE, '').normalize('NFC').replace(/\s+/g, ' ').trim();
  if (name === '.' || name === '..') name = '';
  const ext = EXTENSION.exec(name)?.[0] ?? '';
  const base = ext ? name.slice(0, -ext.length) : name;
  const chars = Array.from(base.trim() || 'file');
  const room = Math.max(1, max - ext.length);
  return (chars.length > room ? chars.slice(0, room).join('').trimEnd() : chars.join('')) + ext;
}
