import type { CSSProperties } from 'react';

/** Kept for assistive technology, out of sight (a table's caption under a visible heading). */
export const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};
