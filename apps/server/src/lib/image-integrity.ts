// Whole-file checks of uploaded images: a valid header is not enough, the file must be complete.
import { inflateSync } from 'node:zlib';
import type { ImageInfo } from './image-info';
import {
  PNG_CHANNELS,
  PNG_SIGNATURE,
  pngChunkCrcOk,
  pngChunks,
  pngPasses,
  readPngHeader,
  type PngHeader,
} from './png';

/** The bit depths each PNG colour type allows. */
const PNG_DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
/** Largest decompressed PNG data checked (a 4096 × 4096 RGBA image); larger ones are refused, not inflated. */
const MAX_PNG_RAW_BYTES = 4096 * 4096 * 4 + 4096 * 8;

/**
 * A PNG decodes completely: signature, IHDR first, chunks whole with their CRCs, PLTE for palette images, IDAT
 * chunks in one run, IEND; the IDAT stream inflates to exactly the rows IHDR announces, each with a known filter.
 */
function pngDefect(b: Buffer): string | undefined {
  if (b.length < 8 || !b.subarray(0, 8).equals(PNG_SIGNATURE)) return 'no PNG signature';
  let header: PngHeader | undefined;
  let palette = false;
  let idatDone = false;
  const idat: Buffer[] = [];
  let ended = false;
  for (const chunk of pngChunks(b)) {
    const { type, length, body } = chunk;
    if (length > 0x7fffffff || chunk.next > b.length) return `the ${type} chunk is cut short`;
    if (!pngChunkCrcOk(b, chunk)) return `the ${type} chunk is damaged (CRC)`;
    if (!header && type !== 'IHDR') return 'IHDR is not the first chunk';
    if (type === 'IHDR') {
      if (header || length !== 13) return 'bad IHDR chunk';
      header = readPngHeader(body);
      if (
        !PNG_DEPTHS[header.colorType]?.includes(header.depth) ||
        header.width === 0 ||
        header.height === 0 ||
        header.width > 0x7fffffff ||
        header.height > 0x7fffffff ||
        body[10] !== 0 ||
        body[11] !== 0 ||
        header.interlace > 1
      )
        return 'bad IHDR chunk';
    } else if (type === 'PLTE') palette = true;
    else if (type === 'IDAT') {
      if (idatDone) return 'the IDAT chunks are not consecutive';
      idat.push(body);
    } else if (type === 'IEND') ended = true;
    if (type !== 'IDAT' && idat.length > 0) idatDone = true;
    if (ended) break;
  }
  if (!ended) return 'the file ends before the IEND chunk';
  if (!header) return 'no IHDR chunk';
  if (idat.length === 0) return 'no image data (IDAT)';
  if (header.colorType === 3 && !palette) return 'no palette (PLTE)';
  const bitsPerPixel = (PNG_CHANNELS[header.colorType] ?? 1) * header.depth;
  // the filtered scanlines: one filter byte plus the packed samples per row of each pass
  const passes = pngPasses(header.width, header.height, bitsPerPixel, header.interlace === 1);
  const expected = passes.reduce((n, p) => n + p.height * (1 + p.rowBytes), 0);
  if (expected > MAX_PNG_RAW_BYTES) return 'too many pixels to check';
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
  } catch {
    return 'the image data does not decompress';
  }
  if (raw.length !== expected) return 'the image data has the wrong number of rows';
  // every scanline's filter byte is 0–4, pass by pass
  let at = 0;
  for (const pass of passes)
    for (let y = 0; y < pass.height; y++, at += 1 + pass.rowBytes)
      if ((raw[at] ?? 255) > 4) return 'a row has an unknown filter';
  return undefined;
}

/** JPEG markers without a length: TEM, RST0–7 (SOI and EOI are handled apart). */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
/** SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
const isSof = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * A JPEG is whole: SOI, well-formed segments (each length within the file) up to the first scan, a frame header
 * (SOF) with a size and its components before it, a scan header (SOS) that fits, and an EOI after the scan.
 */
function jpegDefect(b: Buffer): string | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return 'no JPEG start (SOI)';
  let at = 2;
  let frame = false;
  for (;;) {
    if (at >= b.length) return 'the file ends before the image data';
    if (b[at] !== 0xff) return 'a segment is malformed';
    while (b[at] === 0xff) at++; // fill bytes
    if (at >= b.length) return 'the file ends before the image data';
    const marker = b[at] ?? 0;
    at++;
    if (marker === 0xd9) return 'no image data (SOS) before the end (EOI)';
    if (marker === 0xd8 || marker === 0x00) return 'a segment is malformed';
    if (standalone(marker)) continue;
    if (at + 2 > b.length) return 'a segment is cut short';
    const length = b.readUInt16BE(at);
    if (length < 2 || at + length > b.length) return 'a segment is cut short';
    if (isSof(marker)) {
      const components = b[at + 7] ?? 0;
      if (length !== 8 + 3 * components || components === 0) return 'bad frame header (SOF)';
      if (b.readUInt16BE(at + 3) === 0 || b.readUInt16BE(at + 5) === 0) return 'bad frame header (SOF)';
      frame = true;
    }
    if (marker === 0xda) {
      if (!frame) return 'image data (SOS) before the frame header (SOF)';
      const components = b[at + 2] ?? 0;
      if (length !== 6 + 2 * components || components === 0) return 'bad scan header (SOS)';
      at += length;
      break;
    }
    at += length;
  }
  // entropy-coded data never holds 0xFF followed by anything but 0x00 or a marker, so the EOI is found as is
  for (let i = at; i + 1 < b.length; i++) if (b[i] === 0xff && b[i + 1] === 0xd9) return undefined;
  return 'the file ends before the end of the image (EOI)';
}

/**
 * A WebP is whole: the RIFF size matches the file, its chunks fill it exactly, and the image chunk is a valid VP8
 * (key frame start code, first partition inside the chunk), VP8L (signature, version 0) or VP8X (with image data
 * after it).
 */
function webpDefect(b: Buffer): string | undefined {
  if (b.length < 20 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP')
    return 'no RIFF/WEBP header';
  if (b.readUInt32LE(4) + 8 !== b.length) return 'the RIFF size does not match the file (cut short?)';
  const chunks: Array<{ type: string; body: Buffer }> = [];
  let at = 12;
  while (at < b.length) {
    if (at + 8 > b.length) return 'a chunk is cut short';
    const size = b.readUInt32LE(at + 4);
    const end = at + 8 + size;
    if (end > b.length) return 'a chunk is cut short';
    chunks.push({ type: b.toString('latin1', at, at + 4), body: b.subarray(at + 8, end) });
    at = end + (size % 2);
  }
  if (at !== b.length) return 'a chunk is cut short';
  const [first] = chunks;
  const vp8 = (body: Buffer): string | undefined => {
    if (body.length < 10) return 'the VP8 chunk is cut short';
    const tag = body.readUIntLE(0, 3);
    if ((tag & 1) !== 0 || body[3] !== 0x9d || body[4] !== 0x01 || body[5] !== 0x2a)
      return 'bad VP8 key frame';
    if (tag >>> 5 > body.length - 10) return 'the VP8 data is cut short';
    if ((body.readUInt16LE(6) & 0x3fff) === 0 || (body.readUInt16LE(8) & 0x3fff) === 0) return 'bad VP8 size';
    return undefined;
  };
  const vp8l = (body: Buffer): string | undefined => {
    if (body.length < 5 || body[0] !== 0x2f) return 'bad VP8L header';
    if (body.readUInt32LE(1) >>> 29 !== 0) return 'bad VP8L version';
    return undefined;
  };
  if (first?.type === 'VP8 ') return vp8(first.body);
  if (first?.type === 'VP8L') return vp8l(first.body);
  if (first?.type !== 'VP8X') return 'no VP8, VP8L or VP8X chunk';
  if (first.body.length < 10) return 'bad VP8X chunk';
  const animated = ((first.body[0] ?? 0) & 0x02) !== 0;
  const image = chunks.find((c) => c.type === 'VP8 ' || c.type === 'VP8L' || (animated && c.type === 'ANMF'));
  if (!image) return 'no image data after the VP8X chunk';
  if (image.type === 'VP8 ') return vp8(image.body);
  if (image.type === 'VP8L') return vp8l(image.body);
  return undefined;
}

/**
 * What makes an image of `type` incomplete or damaged (a short English description), or undefined when it is whole.
 * The header alone (lib/image-info.ts) says what the file claims to be; this checks that the rest of it is there.
 */
export function imageDefect(data: Buffer, type: ImageInfo['type']): string | undefined {
  if (type === 'png') return pngDefect(data);
  if (type === 'jpg') return jpegDefect(data);
  return webpDefect(data);
}
