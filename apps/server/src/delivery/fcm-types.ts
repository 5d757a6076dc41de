// Shared shapes of the FCM HTTP v1 delivery adapter (reference fcm-http-v1.md §1, §6).

/** The fields of a Google service-account JSON that the FCM client uses. */
export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  private_key_id?: string;
  token_uri: string;
}

/** One customer app = one Firebase project, with its own quota and OAuth token. */
export interface FcmApp {
  appId: string;
  serviceAccount: ServiceAccount;
}

/** The v1 `message` object (token, data, android …), sent as is. */
export type FcmMessage = Record<string, unknown>;

/** Why a request may succeed later. */
export type RetryReason =
  'quota' | 'device_quota' | 'unavailable' | 'internal' | 'network' | 'timeout' | 'goaway' | 'reset';

/** The outcome of one send; adapters return it, they never throw for FCM or network outcomes. */
export type FcmResult =
  | { outcome: 'dispatched'; name: string }
  | { outcome: 'token_dead'; errorCode: string; httpStatus: number }
  | { outcome: 'sender_mismatch'; httpStatus: number }
  | { outcome: 'message_invalid'; httpStatus: number; message: string }
  | { outcome: 'auth_error'; httpStatus: number; message: string }
  | { outcome: 'retry'; reason: RetryReason; httpStatus?: number; retryAfterMs?: number; message?: string };

/** A `retry` outcome. */
export type FcmRetryResult = Extract<FcmResult, { outcome: 'retry' }>;

/** The logger subset the delivery code needs (pino-compatible). */
export interface FcmLogger {
  info(o: object, m?: string): void;
  warn(o: object, m?: string): void;
  error(o: object, m?: string): void;
}
