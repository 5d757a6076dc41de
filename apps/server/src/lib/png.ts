import { crc32, deflateSync } from 'node:zlib';

/** The eight bytes every PNG starts with. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data and the CRC of type + data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGBA PNG of `width` × `height` whose pixels come from `pixel(x, y)` as [r, g, b, a]. */
export function encodeRgbaPng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly [number, number, number, number],
): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), y * (1 + width * 4) + 1 + x * 4);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** What an IHDR chunk says of the image (its compression and filter method bytes aside). */
export interface PngHeader {
  width: number;
  height: number;
  depth: number;
  colorType: number;
  interlace: number;
}

/** Reads an IHDR chunk's body (13 bytes). */
export function readPngHeader(body: Buffer): PngHeader {
  return {
    width: body.readUInt32BE(0),
    height: body.readUInt32BE(4),
    depth: body[8] ?? 0,
    colorType: body[9] ?? 0,
    interlace: body[12] ?? 0,
  };
}

/** The Paeth predictor of filter type 4: whichever of left, up and up-left is closest to left + up − up-left. */
export function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Samples per pixel of each PNG colour type: greyscale, RGB, palette, greyscale + alpha, RGBA. */
export const PNG_CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Adam7 passes: x start, y start, x step, y step. */
export const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** One (sub)image of a PNG's scanlines: its pixels sit at (x0 + i·dx, y0 + j·dy); rowBytes without the filter byte. */
export interface PngPass {
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  width: number;
  height: number;
  rowBytes: number;
}

/** The (sub)images of a PNG's scanlines in order: the whole image, or Adam7's seven passes without the empty ones. */
export function pngPasses(
  width: number,
  height: number,
  bitsPerPixel: number,
  interlaced: boolean,
): PngPass[] {
  const passes = interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  const out: PngPass[] = [];
  for (const [x0, y0, dx, dy] of passes) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w > 0 && h > 0)
      out.push({ x0, y0, dx, dy, width: w, height: h, rowBytes: Math.ceil((w * bitsPerPixel) / 8) });
  }
  return out;
}

/** A chunk as the file holds it: declared length, type, body (shorter than `length` when the file is cut short). */
export interface PngChunkView {
  /** where the chunk starts (its length field) */
  at: number;
  length: number;
  type: string;
  body: Buffer;
  /** where the next chunk starts: after the body and the CRC */
  next: number;
}

/** The chunks after the signature in file order, as long as a chunk's length and type are in the file. */
export function* pngChunks(png: Buffer): Generator<PngChunkView> {
  let at = 8;
  while (at + 8 <= png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    yield { at, length, type, body: png.subarray(at + 8, at + 8 + length), next: at + 12 + length };
    at += 12 + length;
  }
}

/** Whether a chunk's stored CRC is that of its type and body (the chunk must be whole: `next` within the file). */
export function pngChunkCrcOk(png: Buffer, chunk: PngChunkView): boolean {
  return crc32(png.subarray(chunk.at + 4, chunk.at + 8 + chunk.length)) === png.readUInt32BE(chunk.next - 4);
}
