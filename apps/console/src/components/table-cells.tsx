import { Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * A list table's columns at their content's width, scrolling sideways only when they do not fit: the sticky Actions
 * column then covers none of them, and its links keep their width in every language (fixed widths cut French's
 * "Supprimer" and squeezed the columns beside it). Spread into the table's props.
 */
export const FIT_COLUMNS = { scroll: { x: true }, tableLayout: 'auto' } as const;

/** A cell's text kept on one line (a date beside the sticky Actions column). */
export function OneLine({ children }: { children: ReactNode }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
}

/**
 * A free text cut to one line at `maxWidth` with the whole text on hover (an auto layout gives no column a width to
 * end in "…" at); `empty` when there is none. `code` writes it as code (an identifier).
 */
export function CutText({
  text,
  maxWidth,
  strong = false,
  code = false,
  empty = '—',
}: {
  text: string;
  maxWidth: number;
  strong?: boolean;
  code?: boolean;
  empty?: ReactNode;
}) {
  if (!text) return empty;
  return (
    <Typography.Text strong={strong} code={code} ellipsis={{ tooltip: text }} style={{ maxWidth }}>
      {text}
    </Typography.Text>
  );
}
