import { ErrorCodes, messageCalls, type MessageSaveInput } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { ApiError, isApiError } from '../../../lib/api-error';
import { postMessage } from '../../../message-editor/api/post-envelope';

/** What the checks before the confirmation found: go on, the daily limit is reached, or the server refused fields. */
export type PreCheck = { kind: 'ok' } | { kind: 'dailyLimit' } | { kind: 'refused'; error: ApiError };

/**
 * The checks the compose form makes before it opens the confirmation (part 2 §5 "Daily limit check blocks submit"):
 * checkIsDailyLimitReach (`limit/check`, 21029), then `msg/check`, every rule of the save with nothing written, so
 * that a refusal only the server can make (the exact audience, a sensitive rule of the app, a group) is shown at its
 * field before the operator confirms. The save stays the authority: a check that cannot be made (a server fault, no
 * answer) lets the confirmation open, and the warnings a save answers with a dialog (201/202, 60003, 90003) are left
 * to it.
 */
export async function checkBeforeConfirm(appId: number, payload: MessageSaveInput): Promise<PreCheck> {
  try {
    await apiRequest(messageCalls.limitCheck, {
      params: { appId },
      body: { msgRestrictType: payload.msgRestrictType ?? 1, ...(payload.id ? { id: payload.id } : {}) },
    });
  } catch (error) {
    if (isApiError(error) && error.code === ErrorCodes.DAILY_LIMIT_REACHED) return { kind: 'dailyLimit' };
  }
  try {
    const answer = await postMessage(messageCalls.check, appId, payload);
    if (answer.status === ErrorCodes.DAILY_LIMIT_REACHED) return { kind: 'dailyLimit' };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'business' && error.code !== ErrorCodes.NOT_FOUND)
      return { kind: 'refused', error };
  }
  return { kind: 'ok' };
}
