import { inflateSync } from 'node:zlib';
import {
  paeth,
  PNG_CHANNELS,
  PNG_SIGNATURE,
  pngChunks,
  pngPasses,
  readPngHeader,
  type PngHeader,
} from '../../lib/png';

/** A decoded image: `width × height` pixels, 4 bytes each (RGBA, 8 bits per channel). */
export interface RgbaImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

const MAX_PIXELS = 4096 * 4096;

/** Reverses the per-scanline filters of one (sub)image in place; returns the unfiltered rows. */
function unfilter(data: Buffer, offset: number, rows: number, rowBytes: number, bpp: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  let prev = new Uint8Array(rowBytes);
  for (let y = 0; y < rows; y++) {
    const start = offset + y * (rowBytes + 1);
    if (start + rowBytes + 1 > data.length) throw new Error('truncated image data');
    const filter = data[start] ?? 0;
    const row = new Uint8Array(data.subarray(start + 1, start + 1 + rowBytes));
    for (let i = 0; i < rowBytes; i++) {
      const a = i >= bpp ? (row[i - bpp] ?? 0) : 0;
      const b = prev[i] ?? 0;
      const c = i >= bpp ? (prev[i - bpp] ?? 0) : 0;
      const x = row[i] ?? 0;
      if (filter === 0) continue;
      else if (filter === 1) row[i] = (x + a) & 0xff;
      else if (filter === 2) row[i] = (x + b) & 0xff;
      else if (filter === 3) row[i] = (x + ((a + b) >> 1)) & 0xff;
      else if (filter === 4) row[i] = (x + paeth(a, b, c)) & 0xff;
      else throw new Error(`unknown filter ${filter}`);
    }
    out.push(row);
    prev = row;
  }
  return out;
}

/** Sample `index` of a row at `depth` bits, scaled to 0–255 unless `raw` (palette indexes stay as they are). */
function sample(row: Uint8Array, index: number, depth: number, raw: boolean): number {
  if (depth === 8) return row[index] ?? 0;
  if (depth === 16)
    return raw ? ((row[index * 2] ?? 0) << 8) | (row[index * 2 + 1] ?? 0) : (row[index * 2] ?? 0);
  const perByte = 8 / depth;
  const byte = row[Math.floor(index / perByte)] ?? 0;
  const shift = 8 - depth * ((index % perByte) + 1);
  const value = (byte >> shift) & ((1 << depth) - 1);
  return raw ? value : Math.round((value * 255) / ((1 << depth) - 1));
}

function readChunks(png: Buffer): {
  header: PngHeader;
  palette: Buffer | undefined;
  trns: Buffer | undefined;
  idat: Buffer;
} {
  if (png.length < 33 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
  let header: PngHeader | undefined;
  let palette: Buffer | undefined;
  let trns: Buffer | undefined;
  const idat: Buffer[] = [];
  for (const { type, length, body } of pngChunks(png)) {
    if (body.length !== length) throw new Error('truncated chunk');
    if (type === 'IHDR') header = readPngHeader(body);
    else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') trns = body;
    else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
  }
  if (!header || idat.length === 0) throw new Error('missing IHDR or IDAT');
  return { header, palette, trns, idat: Buffer.concat(idat) };
}

/**
 * Decodes a PNG (every colour type, bit depths 1–16, Adam7 interlacing, palette and tRNS transparency) into 8-bit
 * RGBA with node:zlib only. Throws on anything that is not a well-formed PNG.
 */
export function decodePng(png: Buffer): RgbaImage {
  const { header, palette, trns, idat } = readChunks(png);
  const { width, height, depth, colorType, interlace } = header;
  const channels = PNG_CHANNELS[colorType];
  if (
    !channels ||
    ![1, 2, 4, 8, 16].includes(depth) ||
    width === 0 ||
    height === 0 ||
    width * height > MAX_PIXELS
  )
    throw new Error('unsupported PNG');
  if (colorType === 3 && !palette) throw new Error('palette missing');
  const data = inflateSync(idat);
  const pixels = new Uint8Array(width * height * 4);
  const bpp = Math.max(1, (channels * depth) >> 3);
  const key16 = (i: number) => (trns && trns.length >= i * 2 + 2 ? trns.readUInt16BE(i * 2) : -1);

  const put = (x: number, y: number, row: Uint8Array, i: number) => {
    const o = (y * width + x) * 4;
    let rgba: [number, number, number, number];
    if (colorType === 3) {
      const p = sample(row, i, depth, true);
      rgba = [
        palette?.[p * 3] ?? 0,
        palette?.[p * 3 + 1] ?? 0,
        palette?.[p * 3 + 2] ?? 0,
        trns && p < trns.length ? (trns[p] ?? 255) : 255,
      ];
    } else if (colorType === 0) {
      const g = sample(row, i, depth, false);
      rgba = [g, g, g, sample(row, i, depth, true) === key16(0) ? 0 : 255];
    } else if (colorType === 4) {
      rgba = [sample(row, i * 2, depth, false), 0, 0, sample(row, i * 2 + 1, depth, false)];
      rgba[1] = rgba[0];
      rgba[2] = rgba[0];
    } else if (colorType === 2) {
      const raw = [0, 1, 2].map((c) => sample(row, i * 3 + c, depth, true));
      const keyed = trns !== undefined && raw.every((v, c) => v === key16(c));
      rgba = [
        sample(row, i * 3, depth, false),
        sample(row, i * 3 + 1, depth, false),
        sample(row, i * 3 + 2, depth, false),
        keyed ? 0 : 255,
      ];
    } else {
      rgba = [0, 1, 2, 3].map((c) => sample(row, i * 4 + c, depth, false)) as [
        number,
        number,
        number,
        number,
      ];
    }
    pixels.set(rgba, o);
  };

  let offset = 0;
  for (const { x0, y0, dx, dy, width: w, height: h, rowBytes } of pngPasses(
    width,
    height,
    channels * depth,
    interlace === 1,
  )) {
    const rows = unfilter(data, offset, h, rowBytes, bpp);
    offset += h * (rowBytes + 1);
    rows.forEach((row, r) => {
      for (let c = 0; c < w; c++) put(x0 + c * dx, y0 + r * dy, row, c);
    });
  }
  return { width, height, pixels };
}

/** Per-channel tolerance for anti-aliased edge pixels (partly transparent), whose colour encoders often round. */
const EDGE_TOLERANCE = 8;

/**
 * checkIconColorTransparent: true when every pixel is fully transparent or of one solid colour (opaque pixels
 * exactly that colour, anti-aliased edge pixels within a small tolerance), with at least one transparent and one
 * visible pixel — what Android needs of a small icon, which it draws from the alpha channel alone.
 */
export function isSolidOnTransparent(image: RgbaImage): boolean {
  const { pixels } = image;
  let colour: [number, number, number] | undefined;
  let transparent = false;
  for (let o = 0; o < pixels.length; o += 4) {
    const alpha = pixels[o + 3] ?? 0;
    if (alpha === 0) {
      transparent = true;
      continue;
    }
    const rgb: [number, number, number] = [pixels[o] ?? 0, pixels[o + 1] ?? 0, pixels[o + 2] ?? 0];
    if (!colour) {
      if (alpha === 255) colour = rgb;
      continue;
    }
    const tolerance = alpha === 255 ? 0 : EDGE_TOLERANCE;
    if (rgb.some((v, c) => Math.abs(v - (colour?.[c] ?? 0)) > tolerance)) return false;
  }
  if (!colour || !transparent) return false;
  // edge pixels seen before the first opaque one are checked in a second pass
  for (let o = 0; o < pixels.length; o += 4) {
    const alpha = pixels[o + 3] ?? 0;
    if (alpha === 0 || alpha === 255) continue;
    if ([0, 1, 2].some((c) => Math.abs((pixels[o + c] ?? 0) - (colour?.[c] ?? 0)) > EDGE_TOLERANCE))
      return false;
  }
  return true;
}
