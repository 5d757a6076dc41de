import { useEffect, useState } from 'react';

/** The pace of an answer's reply items on screen (part 2 §9: "queues items 300 ms apart"). */
export const REPLY_ITEM_INTERVAL_MS = 300;

/**
 * How many of an answer's `total` reply items to show: the first as soon as it exists, each next one at least
 * `interval` ms after the one before it, however fast they arrive (a whole answer at once still comes in one by one).
 * `key` names the answer: a new one starts from nothing. `total` may grow while the answer streams in; the count
 * carries on when the streamed answer becomes the stored one (same key).
 */
export function useReplyQueue(total: number, key: string, interval = REPLY_ITEM_INTERVAL_MS): number {
  const [state, setState] = useState({ key, shown: 1 });
  // a new answer: its first item at once, the count of the one before forgotten (set while rendering, React's way)
  if (state.key !== key) setState({ key, shown: 1 });
  const shown = state.key === key ? state.shown : 1;
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(
      () => setState((s) => (s.key === key ? { key, shown: s.shown + 1 } : s)),
      interval,
    );
    return () => clearTimeout(timer);
  }, [key, shown, total, interval]);
  return Math.min(shown, total);
}
