import { useEffect, useRef, useState } from 'react';
import { LIMITS } from '@beacon/shared';

export interface DebouncedSearch {
  /** What the search box shows (as typed). */
  value: string;
  /** The box changed: shown at once, committed (trimmed) after the delay unless it changes again. */
  onChange: (value: string) => void;
  /** Commits what the box shows now (Enter). */
  flush: () => void;
}

/**
 * A search box over a committed term (in the URL or in state): typing commits the trimmed text `delayMs` after the
 * last keystroke (`LIMITS.searchDebounceMs`, 500 ms, unless told), nothing when it trims to the committed term. When
 * the committed term changes from elsewhere (back button, a link), the box shows it. Leaving drops a pending commit.
 */
export function useDebouncedSearch(
  committed: string,
  commit: (term: string) => void,
  delayMs: number = LIMITS.searchDebounceMs,
): DebouncedSearch {
  const [value, setValue] = useState(committed);
  const [shown, setShown] = useState(committed);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  if (committed !== shown) {
    setShown(committed);
    if (value.trim() !== committed) setValue(committed);
  }

  const onChange = (next: string) => {
    setValue(next);
    window.clearTimeout(timer.current);
    const term = next.trim();
    if (term !== committed) timer.current = window.setTimeout(() => commit(term), delayMs);
  };
  const flush = () => {
    window.clearTimeout(timer.current);
    commit(value.trim());
  };
  return { value, onChange, flush };
}
