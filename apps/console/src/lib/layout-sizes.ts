/** The sticky top bar's height (app-header), in pixels. */
export const HEADER_HEIGHT = 56;

/** Where a sticky side card stops: 16 px under the sticky top bar, not hidden behind it. */
export const STICKY_TOP = HEADER_HEIGHT + 16;
