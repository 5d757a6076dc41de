import { describe, expect, it } from 'vitest';
import { GaidLineParser } from './gaid-parser';

const A = '38400000-8cf0-11bd-b23e-10b96e40000d';
const B = '1B4E28BA-2FA1-11D2-883F-0016D3CCA427';

function parse(text: string | Buffer, chunkSize = 7) {
  const parser = new GaidLineParser();
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const ids: string[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) {
    parser.push(bytes.subarray(i, i + chunkSize));
    ids.push(...parser.take());
  }
  parser.end();
  ids.push(...parser.take());
  return { ids, parser };
}

describe('GaidLineParser', () => {
  it('reads one id per line across chunk boundaries, lower-cased, ignoring a BOM, CRLF, blanks and blank lines', () => {
    for (const size of [1, 3, 7, 64, 4096]) {
      const { ids, parser } = parse(`\uFEFF${A}\r\n\r\n  ${B}\t\n\n${A}`, size);
      expect(ids, `chunks of ${size}`).toEqual([A, B.toLowerCase(), A]);
      expect(parser.validCount).toBe(3);
      expect(parser.invalidCount).toBe(0);
    }
  });

  it('names each invalid line with its number and reason, the all-zero id included', () => {
    const { parser } = parse(
      [A, 'not-an-id', '', '00000000-0000-0000-0000-000000000000', `${A},x`, B].join('\n'),
    );
    expect(parser.validCount).toBe(2);
    expect(parser.invalidCount).toBe(3);
    expect(parser.invalidLines).toEqual([
      { line: 2, reason: 'format', text: 'not-an-id' },
      { line: 4, reason: 'zero', text: '00000000-0000-0000-0000-000000000000' },
      { line: 5, reason: 'format', text: `${A},x` },
    ]);
  });

  it('keeps only the first 100 invalid lines but counts them all, and cuts long lines', () => {
    const lines = Array.from({ length: 250 }, (_, i) => (i % 2 ? A : `bad-${'x'.repeat(500)}`));
    const { parser } = parse(lines.join('\n'), 100);
    expect(parser.invalidCount).toBe(125);
    expect(parser.invalidLines).toHaveLength(100);
    expect(parser.invalidLines[1]).toMatchObject({ line: 3, reason: 'format' });
    expect(parser.invalidLines[0]!.text.length).toBe(64);
  });

  it('decodes multi-byte characters split between chunks', () => {
    const { parser } = parse(Buffer.from(`${A}\nidé\n`), 1);
    expect(parser.invalidLines).toEqual([{ line: 2, reason: 'format', text: 'idé' }]);
  });
});
