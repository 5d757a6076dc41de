// Retries an FCM send under the backoff policy, within the message's deadline (reference §6.6).
import { type FcmApp, type FcmMessage, type FcmResult } from './fcm-types';
import { retryDelayMs } from './backoff';

/** What sendWithRetry needs from a client (FcmClient satisfies it). */
export interface FcmSender {
  send(app: FcmApp, message: FcmMessage, opts?: { validateOnly?: boolean }): Promise<FcmResult>;
}

/** Options of sendWithRetry; `deadline` is an epoch ms (normally now + message TTL). */
export interface SendWithRetryOptions {
  deadline: number;
  maxAttempts?: number;
  validateOnly?: boolean;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  rand?: () => number;
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends until the result is final, `maxAttempts` (default 5) is reached, or the next attempt would start
 * after `deadline`; returns the last result with the number of attempts made.
 */
export async function sendWithRetry(
  client: FcmSender,
  app: FcmApp,
  message: FcmMessage,
  opts: SendWithRetryOptions,
): Promise<FcmResult & { attempts: number }> {
  const maxAttempts = opts.maxAttempts ?? 5;
  const sleep = opts.sleep ?? defaultSleep;
  const now = opts.now ?? Date.now;
  const sendOpts = opts.validateOnly ? { validateOnly: true } : undefined;
  let attempts = 0;
  for (;;) {
    attempts++;
    const result = await client.send(app, message, sendOpts);
    if (result.outcome !== 'retry' || attempts >= maxAttempts) return { ...result, attempts };
    const delay = retryDelayMs(attempts, result, opts.rand);
    if (now() + delay > opts.deadline) return { ...result, attempts };
    await sleep(delay);
  }
}
