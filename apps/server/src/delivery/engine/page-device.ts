import type { TemplateDevice } from '@beacon/shared';

// One device of a batch's audience page: the row the batch repository reads and the filters and policies judge.
// Its own file so the ports (policies) and the repository both name it without importing each other.

/** One device of a batch's audience page, with what the filters and the payload need. */
export interface PageDevice {
  id: string;
  country: string;
  language: string;
  appVersion: string;
  token: string | null;
  /** the engine's own filters, evaluated in SQL: the LOSS code (uninstalled or no token, notifications off, inactive), or 0 */
  own: number;
  /** what the platform policies look at: read only when the app has a policy that can drop a device */
  facts?: { brand: string; model: string; utcOffsetMin: number; firstSeenAt: number };
  /** what its message's templates read (template-sql.ts): read only for a message with templates */
  tpl?: TemplateDevice;
}
