import { deflateSync } from 'node:zlib';
import { PNG_SIGNATURE, pngChunk } from '../../lib/png';

/**
 * A real RGBA PNG (test fixture): a white bell-like disc on transparency, `extraBytes` of ancillary data to
 * make it heavier than a size limit.
 */
export function makePng(width: number, height: number, extraBytes = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  const r = Math.min(width, height) / 2 - 4;
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x++) {
      const inside = (x - width / 2) ** 2 + (y - height / 2) ** 2 <= r * r;
      row.set(inside ? [255, 255, 255, 255] : [0, 0, 0, 0], 1 + x * 4);
    }
    rows.push(row);
  }
  const parts = [PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(Buffer.concat(rows)))];
  if (extraBytes > 0)
    parts.push(pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(extraBytes, 0x61)])));
  parts.push(pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** A multipart/form-data body with one `file` field, for app.inject. */
export function multipart(
  data: Buffer,
  filename: string,
  mime = 'image/png',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----beacon-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
