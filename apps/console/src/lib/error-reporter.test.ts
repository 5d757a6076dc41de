import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCodes, LIMITS } from '@beacon/shared';
import { ApiError } from './api-error';
import { reportError, resetErrorReporter, setErrorPresenter } from './error-reporter';

const alert = vi.fn();
const persistent = vi.fn();
const business = (message: string) =>
  new ApiError({ kind: 'business', code: ErrorCodes.ADMIN_OWNS_APPS, message });

beforeEach(() => {
  resetErrorReporter();
  setErrorPresenter({ alert, persistent });
});
afterEach(() => {
  setErrorPresenter(null);
  alert.mockReset();
  persistent.mockReset();
});

describe('reportError', () => {
  it('shows a business error as an alert with its message', () => {
    expect(reportError(business('the administrator still has 2 apps'), 10_000)).toBe(true);
    expect(alert).toHaveBeenCalledTimes(1);
    expect((alert.mock.calls[0]![0] as Error).message).toBe('the administrator still has 2 apps');
  });

  it('shows one error at a time: a second error within the dedupe window is dropped', () => {
    reportError(business('first'), 10_000);
    expect(reportError(business('second'), 10_000 + LIMITS.errorDedupeMs - 1)).toBe(false);
    expect(alert).toHaveBeenCalledTimes(1);
    expect(reportError(business('third'), 10_000 + LIMITS.errorDedupeMs)).toBe(true);
    expect(alert).toHaveBeenCalledTimes(2);
  });

  it('never shows 401s: the client has already gone to sign-in', () => {
    expect(
      reportError(
        new ApiError({ kind: 'unauthorized', code: ErrorCodes.NOT_SIGNED_IN, message: 'Not signed in' }),
        10_000,
      ),
    ).toBe(false);
    expect(alert).not.toHaveBeenCalled();
    expect(persistent).not.toHaveBeenCalled();
  });

  it('shows server faults and network failures as persistent errors', () => {
    reportError(
      new ApiError({ kind: 'server', code: ErrorCodes.SERVER_ERROR, httpStatus: 503, message: 'down' }),
      10_000,
    );
    reportError(new ApiError({ kind: 'network', code: ErrorCodes.SERVER_ERROR, message: 'offline' }), 20_000);
    expect(persistent).toHaveBeenCalledTimes(2);
    expect(alert).not.toHaveBeenCalled();
  });
});
