import { inflateRawSync } from 'node:zlib';
import { SPREADSHEET_LIMITS } from '@beacon/shared';

/**
 * The guard every .xlsx upload passes before exceljs reads it (exceljs inflates every part into memory and builds
 * every row and string, whatever the zip declares). It reads the zip's central directory itself and inflates each
 * part with a ceiling on its output (zlib's maxOutputLength: the inflation stops there, so a part that declares a few
 * bytes and inflates to gigabytes costs at most the ceiling), then counts the worksheets' rows and the shared strings
 * in the XML it has inflated. Limits: SPREADSHEET_LIMITS (packages/shared/src/limits.ts).
 */
export type XlsxPackageProblem =
  /** not a zip this guard can read (no central directory, zip64, an unknown compression): not an .xlsx */
  | { kind: 'unreadable' }
  /** over a limit: `message` is the field message for `file` (translated in validation-messages.server.ts) */
  | { kind: 'limit'; message: string };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MB = 1024 * 1024;

const tooLarge = (): XlsxPackageProblem => ({
  kind: 'limit',
  message: `unpacks to more than ${SPREADSHEET_LIMITS.inflatedBytesMax / MB} MB: it is not an ordinary spreadsheet`,
});

/** Occurrences of the element `name` (with any namespace prefix) in `xml`, stopping once past `max`. */
function countElements(xml: string, name: string, max: number): number {
  const re = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${name}[\\s/>]`, 'g');
  let n = 0;
  while (re.exec(xml) !== null) if (++n > max) break;
  return n;
}

/** What is wrong with the .xlsx `zip` before it is parsed, or undefined when it may be parsed. */
export function xlsxPackageProblem(zip: Buffer): XlsxPackageProblem | undefined {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--)
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  if (end < 0) return { kind: 'unreadable' };
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  let budget = SPREADSHEET_LIMITS.inflatedBytesMax;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) return { kind: 'unreadable' };
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (compressed === 0xffffffff || local === 0xffffffff) return { kind: 'unreadable' }; // zip64
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL) return { kind: 'unreadable' };
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + compressed > zip.length) return { kind: 'unreadable' };
    const raw = zip.subarray(start, start + compressed);
    let part: Buffer;
    if (method === 0) part = raw;
    else if (method === 8) {
      try {
        // one byte past the budget tells "over it" from "exactly it"
        part = inflateRawSync(raw, { maxOutputLength: budget + 1 });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return tooLarge();
        return { kind: 'unreadable' };
      }
    } else return { kind: 'unreadable' };
    if (part.length > budget) return tooLarge();
    budget -= part.length;
    if (!name.endsWith('.xml') && !name.endsWith('.rels')) continue;
    const xml = part.toString('utf8');
    // entity definitions are how an XML file multiplies itself ("billion laughs"); OOXML never declares any
    if (/<!DOCTYPE/i.test(xml))
      return { kind: 'limit', message: 'holds a DOCTYPE declaration, which a spreadsheet never has' };
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(name)) {
      if (countElements(xml, 'row', SPREADSHEET_LIMITS.rowsMax) > SPREADSHEET_LIMITS.rowsMax)
        return { kind: 'limit', message: `has a worksheet of more than ${SPREADSHEET_LIMITS.rowsMax} rows` };
    } else if (name === 'xl/sharedStrings.xml') {
      if (countElements(xml, 'si', SPREADSHEET_LIMITS.sharedStringsMax) > SPREADSHEET_LIMITS.sharedStringsMax)
        return {
          kind: 'limit',
          message: `has more than ${SPREADSHEET_LIMITS.sharedStringsMax} shared strings`,
        };
    }
  }
  return undefined;
}
