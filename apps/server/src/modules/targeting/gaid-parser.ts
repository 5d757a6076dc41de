import { GAID_LIST_LIMITS, GAID_PATTERN, ZERO_GAID, type InvalidGaidLine } from '@beacon/shared';

const MAX_LINE = 200;

/**
 * Parses a GAID text file as it streams in: one id per line (CRLF or LF, surrounding blanks and a leading BOM
 * ignored, blank lines skipped). Valid ids come out lower-cased through `take()` in the order read; invalid lines are
 * counted and the first ones kept with their line number. Chunks may split lines and UTF-8 characters anywhere.
 */
export class GaidLineParser {
  private readonly decoder = new TextDecoder('utf-8');
  private rest = '';
  private lineNo = 0;
  private pending: string[] = [];
  validCount = 0;
  invalidCount = 0;
  readonly invalidLines: InvalidGaidLine[] = [];

  push(chunk: Uint8Array): void {
    this.feed(this.decoder.decode(chunk, { stream: true }));
  }

  /** Ends the input: the last line needs no newline. */
  end(): void {
    this.feed(this.decoder.decode());
    if (this.rest !== '') this.line(this.rest);
    this.rest = '';
  }

  /** The valid ids parsed since the last call. */
  take(): string[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  private feed(text: string): void {
    let start = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      this.line(this.rest + text.slice(start, nl));
      this.rest = '';
      start = nl + 1;
    }
    // a line longer than any id can be is invalid whatever follows: keep only its start (memory stays flat)
    this.rest = (this.rest + text.slice(start)).slice(0, MAX_LINE);
  }

  private line(raw: string): void {
    this.lineNo++;
    const text = (this.lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw).trim();
    if (text === '') return;
    if (!GAID_PATTERN.test(text)) return this.refuse(text, 'format');
    const gaid = text.toLowerCase();
    if (gaid === ZERO_GAID) return this.refuse(text, 'zero');
    this.validCount++;
    this.pending.push(gaid);
  }

  private refuse(text: string, reason: InvalidGaidLine['reason']): void {
    this.invalidCount++;
    if (this.invalidLines.length < GAID_LIST_LIMITS.invalidLinesShown) {
      this.invalidLines.push({
        line: this.lineNo,
        reason,
        text: text.slice(0, GAID_LIST_LIMITS.invalidTextMax),
      });
    }
  }
}
