export interface ImageInfo {
  type: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
}

function png(b: Buffer): ImageInfo | undefined {
  if (b.length < 24 || b.readUInt32BE(0) !== 0x89504e47 || b.toString('latin1', 12, 16) !== 'IHDR')
    return undefined;
  return { type: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function jpg(b: Buffer): ImageInfo | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1] ?? 0;
    const len = b.readUInt16BE(i + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8), DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { type: 'jpg', height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    i += 2 + len;
  }
  return undefined;
}

function webp(b: Buffer): ImageInfo | undefined {
  // a 1×1 lossless WebP is 26 bytes: each chunk type needs only the bytes its size is read from
  if (b.length < 25 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP')
    return undefined;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ' && b.length >= 30)
    return { type: 'webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8X' && b.length >= 30)
    return { type: 'webp', width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { type: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return undefined;
}

/** The type and pixel size of a PNG, JPEG or WebP image, read from its header; undefined for anything else. */
export function imageInfo(data: Buffer): ImageInfo | undefined {
  return png(data) ?? jpg(data) ?? webp(data);
}
