import { generateKeyPairSync } from 'node:crypto';
import { deflateSync } from 'node:zlib';

let cachedKey: string | undefined;

/** A real RSA private key in PEM (generated once per process). */
export function testPrivateKey(): string {
  cachedKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return cachedKey;
}

/** A service-account key file like the Firebase console's, with a real RSA key; `over` replaces or drops fields. */
export function serviceAccountJson(over: Record<string, unknown> = {}): string {
  const doc: Record<string, unknown> = {
    type: 'service_account',
    project_id: 'shop-push',
    private_key_id: 'a1b2c3',
    private_key: testPrivateKey(),
    client_email: 'firebase-adminsdk@shop-push.iam.gserviceaccount.com',
    client_id: '1234567890',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: 'https://oauth2.googleapis.com/token',
    ...over,
  };
  for (const [key, value] of Object.entries(doc)) if (value === undefined) delete doc[key];
  return JSON.stringify(doc, null, 2);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A real RGB PNG of `width`×`height`: a two-colour diagonal by default; `noise` fills it with pseudo-random pixels
 * so that it does not compress (to make files over a size limit).
 */
export function pngImage(width: number, height: number, noise = false): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let seed = 12345;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const i = row + 1 + x * 3;
      if (noise) {
        for (let c = 0; c < 3; c++) {
          seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
          raw[i + c] = (seed >>> 16) & 0xff;
        }
      } else {
        const on = x > y;
        raw.set(on ? [37, 99, 235] : [240, 246, 255], i);
      }
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A multipart/form-data body with one `file` field, for app.inject. */
export function multipartFile(filename: string, content: Buffer | string, contentType = 'application/octet-stream') {
  const boundary = '----beacon-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
