import { generateKeyPairSync } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PNG_SIGNATURE, pngChunk } from '../../lib/png';

let cachedKey: string | undefined;

/** A real RSA private key in PEM (generated once per process). */
export function testPrivateKey(): string {
  cachedKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
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
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body with one `file` field, for app.inject. */
export function multipartFile(
  filename: string,
  content: Buffer | string,
  contentType = 'application/octet-stream',
) {
  const boundary = '----beacon-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
