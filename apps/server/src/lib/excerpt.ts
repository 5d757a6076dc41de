/** Control, format (bidi overrides and isolates, zero-width), line/paragraph separator and lone surrogate characters. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/**
 * A bounded, single-line excerpt of text another party wrote (an HTTP answer, a remote error), fit for a log line or
 * an alert: unprintable characters become spaces, runs of spaces one, and at most `max` characters (code points) are
 * kept, the last being `…` when cut. Shown as text, never as HTML.
 */
export function excerpt(text: string, max = 200): string {
  const line = text.replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  return chars.length <= max ? line : `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}
