import { useCallback, useState } from 'react';
import { pageOf } from '../../../lib/list-filters';

export interface ListState {
  name: string;
  page: number;
}

const KEY = (path: string) => `beacon.search:${path}`;

/** Reads the list state remembered for a path in sessionStorage (this tab only). */
export function readListState(path: string): ListState {
  try {
    const raw = window.sessionStorage.getItem(KEY(path));
    const parsed = raw ? (JSON.parse(raw) as Partial<ListState>) : {};
    return {
      name: typeof parsed.name === 'string' ? parsed.name : '',
      page: pageOf(parsed.page),
    };
  } catch {
    return { name: '', page: 1 };
  }
}

/** A list's search and page, remembered per path in sessionStorage so returning to the list restores them. */
export function useRememberedSearch(path: string): [ListState, (next: Partial<ListState>) => void] {
  const [state, setState] = useState(() => readListState(path));
  const update = useCallback(
    (next: Partial<ListState>) =>
      setState((prev) => {
        const merged = { ...prev, ...next };
        try {
          window.sessionStorage.setItem(KEY(path), JSON.stringify(merged));
        } catch {
          // storage unavailable: the state lasts for this page only
        }
        return merged;
      }),
    [path],
  );
  return [state, update];
}
