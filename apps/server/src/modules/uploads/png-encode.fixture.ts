import { deflateSync } from 'node:zlib';
import { PNG_SIGNATURE, pngChunk } from '../../lib/png';

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Applies PNG filter `type` to a row (the encoder side of what the decoder reverses). */
function filterRow(row: Buffer, prev: Buffer, bpp: number, type: number): Buffer {
  const out = Buffer.alloc(row.length + 1);
  out[0] = type;
  for (let i = 0; i < row.length; i++) {
    const a = i >= bpp ? (row[i - bpp] ?? 0) : 0;
    const b = prev[i] ?? 0;
    const c = i >= bpp ? (prev[i - bpp] ?? 0) : 0;
    const pred =
      type === 1 ? a : type === 2 ? b : type === 3 ? (a + b) >> 1 : type === 4 ? paeth(a, b, c) : 0;
    out[i + 1] = ((row[i] ?? 0) - pred) & 0xff;
  }
  return out;
}

export interface PngOptions {
  colorType?: 0 | 2 | 3 | 4 | 6;
  depth?: 8 | 16;
  palette?: Array<[number, number, number]>;
  trns?: Buffer;
}

/**
 * Encodes raw samples (one Buffer per row, already packed for the colour type and depth) as a PNG whose rows cycle
 * through the five filter types, so that the decoder's unfiltering is exercised.
 */
export function encodePng(width: number, height: number, rows: Buffer[], opts: PngOptions = {}): Buffer {
  const colorType = opts.colorType ?? 6;
  const depth = opts.depth ?? 8;
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colorType];
  const bpp = Math.max(1, (channels * depth) >> 3);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([depth, colorType, 0, 0, 0], 8);
  let prev: Buffer = Buffer.alloc(rows[0]?.length ?? 0);
  const filtered = rows.map((row, y) => {
    const out = filterRow(row, prev, bpp, y % 5);
    prev = row;
    return out;
  });
  const parts = [PNG_SIGNATURE, pngChunk('IHDR', ihdr)];
  if (opts.palette) parts.push(pngChunk('PLTE', Buffer.from(opts.palette.flat())));
  if (opts.trns) parts.push(pngChunk('tRNS', opts.trns));
  parts.push(pngChunk('IDAT', deflateSync(Buffer.concat(filtered))), pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** An RGBA icon: `paint(x, y)` gives each pixel's [r, g, b, a]. */
export function rgbaPng(
  width: number,
  height: number,
  paint: (x: number, y: number) => [number, number, number, number],
): Buffer {
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.from(Array.from({ length: width }, (_, x) => paint(x, y)).flat()),
  );
  return encodePng(width, height, rows);
}

/** A multipart body with the `file` and `kind` fields (kind first, or last with `kindLast`). */
export function imageMultipart(
  data: Buffer | undefined,
  filename: string,
  kind: string | undefined,
  kindLast = false,
) {
  const boundary = '----beacon-upload-boundary';
  const field =
    kind === undefined
      ? []
      : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`)];
  const file =
    data === undefined
      ? []
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          data,
          Buffer.from('\r\n'),
        ];
  const payload = Buffer.concat([
    ...(kindLast ? file : field),
    ...(kindLast ? field : file),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
