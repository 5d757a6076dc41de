import { Fragment, type ReactNode } from 'react';

/** A group separator of a written figure: the comma of en and zh, the (narrow) no-break space of fr, a space. */
const AFTER_SEPARATOR = /(?<=[,\u202f\u00a0 ])/;

/**
 * A figure as written (formatCount's "12,345,678", fr's "12 345 678", "1,234 / 5,678") that may break after its group
 * separators when its column is narrow, and never inside a group: the list tables fit laptop widths by wrapping
 * large figures instead of scrolling their columns under the sticky Actions column.
 */
export function WrappingFigure({ text }: { text: string }): ReactNode {
  const parts = text.split(AFTER_SEPARATOR);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}
