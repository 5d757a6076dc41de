import { randomBytes } from 'node:crypto';

const prefix = randomBytes(4).toString('hex');
let seq = 0;

/** A unique message name shaped like FCM's: `projects/{p}/messages/0:<16 digits>%<16 hex>`. */
export function messageName(project: string, nowMs: number): string {
  seq = (seq + 1) >>> 0;
  const digits = `${nowMs}${String(seq % 1000).padStart(3, '0')}`;
  return `projects/${project}/messages/0:${digits}%${prefix}${seq.toString(16).padStart(8, '0')}`;
}
