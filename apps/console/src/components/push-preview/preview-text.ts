/** Buttons in the 220 px preview show at most this many characters, then an ellipsis (part 2 §2). */
export const PREVIEW_BUTTON_CHARS = 4;

/** A button's text as the preview card shows it: the first 4 characters plus "…" when longer. */
export function previewButtonText(text: string): string {
  const chars = Array.from(text.trim());
  return chars.length > PREVIEW_BUTTON_CHARS
    ? `${chars.slice(0, PREVIEW_BUTTON_CHARS).join('')}…`
    : chars.join('');
}
