import type { TFunction } from 'i18next';

/**
 * The confirmation's button: Save when editing, Send for a new message, and "Submit for review" when the message
 * will wait for approval (waitsForReview) — an operator on a reviewing app must not read "Send".
 */
export function confirmLabel(
  t: TFunction,
  { editing, toReview }: { editing: boolean; toReview: boolean },
): string {
  if (toReview) return t(editing ? 'compose.actions.saveForReview' : 'compose.actions.submitForReview');
  return t(editing ? 'compose.actions.save' : 'compose.actions.send');
}
