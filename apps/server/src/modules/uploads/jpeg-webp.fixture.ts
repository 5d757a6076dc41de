// Real JPEG and WebP files for tests (no production code imports this).

function segment(marker: number, body: number[]): Buffer {
  const length = body.length + 2;
  return Buffer.from([0xff, marker, length >> 8, length & 0xff, ...body]);
}

/**
 * A complete baseline JPEG of `width` × `height`, mid grey: SOI, JFIF APP0, a quantisation table, the frame (one
 * component), one-symbol Huffman tables, a scan in which every 8×8 block is "DC difference 0, end of block" (two
 * bits), and EOI.
 */
export function jpegImage(width: number, height: number): Buffer {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = blocks * 2; // the code "0" for DC category 0, then "0" for the AC end of block
  const scan = Buffer.alloc(Math.ceil(bits / 8), 0);
  if (bits % 8) scan[scan.length - 1] = (1 << (8 - (bits % 8))) - 1; // pad the last byte with 1-bits
  const oneCode = [1, ...Array<number>(15).fill(0), 0x00]; // one code of length 1, for symbol 0
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    segment(0xdb, [0x00, ...Array<number>(64).fill(1)]),
    segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    segment(0xc4, [0x00, ...oneCode]),
    segment(0xc4, [0x10, ...oneCode]),
    segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    scan,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** 1×1 WebP files (the feature-detection images of Modernizr): lossless VP8L, lossy VP8, and VP8X with alpha. */
export const WEBP = {
  lossless: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
  lossy: Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64'),
  alpha: Buffer.from(
    'UklGRkoAAABXRUJQVlA4WAoAAAAQAAAAAAAAAAAAQUxQSAwAAAARBxAR/Q9ERP8DAABWUDggGAAAABQBAJ0BKgEAAQAAAP4AAA3AAP7mtQAAAA==',
    'base64',
  ),
};
