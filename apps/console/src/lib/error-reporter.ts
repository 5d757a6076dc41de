import { LIMITS } from '@beacon/shared';
import { ApiError } from './api-error';

/** Shows errors to the user; the app installs one backed by antd's message and notification. */
export interface ErrorPresenter {
  /** A transient error alert (business codes, invalid input without a matching field). */
  alert: (error: Error) => void;
  /** A server fault or network failure: stays until closed. */
  persistent: (error: Error) => void;
}

let presenter: ErrorPresenter | null = null;
let lastShownAt = Number.NEGATIVE_INFINITY;

export function setErrorPresenter(next: ErrorPresenter | null): void {
  presenter = next;
}

/** Forgets the dedupe window (tests). */
export function resetErrorReporter(): void {
  lastShownAt = Number.NEGATIVE_INFINITY;
}

/**
 * Reports a failed call: nothing for 401 (the client already went to sign-in), otherwise one error at a
 * time — a second error within LIMITS.errorDedupeMs of the last one shown is dropped.
 * Returns whether the error was shown.
 */
export function reportError(error: unknown, now: number = Date.now()): boolean {
  if (error instanceof ApiError && error.kind === 'unauthorized') return false;
  if (now - lastShownAt < LIMITS.errorDedupeMs) return false;
  if (!presenter) return false;
  lastShownAt = now;
  const asError = error instanceof Error ? error : new Error(String(error));
  const persistent = error instanceof ApiError ? error.kind === 'server' || error.kind === 'network' : true;
  if (persistent) presenter.persistent(asError);
  else presenter.alert(asError);
  return true;
}
