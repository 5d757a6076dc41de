/** An undo / redo stack of a value (the canvas's graph). */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

export const HISTORY_LIMIT = 100;

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

/** A change that can be undone: the present goes to the past, the future is dropped. */
export function pushHistory<T>(h: History<T>, next: T): History<T> {
  if (next === h.present) return h;
  return { past: [...h.past, h.present].slice(-HISTORY_LIMIT), present: next, future: [] };
}

/** A change that is not a step of its own (a node moving while dragged). */
export const replacePresent = <T>(h: History<T>, next: T): History<T> => ({ ...h, present: next });

/** Records `before` as the state an undo returns to (a drag's start), keeping the present. */
export function recordBefore<T>(h: History<T>, before: T): History<T> {
  if (before === h.present) return h;
  return { past: [...h.past, before].slice(-HISTORY_LIMIT), present: h.present, future: [] };
}

export function undoHistory<T>(h: History<T>): History<T> {
  const previous = h.past.at(-1);
  if (previous === undefined) return h;
  return { past: h.past.slice(0, -1), present: previous, future: [h.present, ...h.future] };
}

export function redoHistory<T>(h: History<T>): History<T> {
  const [next, ...rest] = h.future;
  if (next === undefined) return h;
  return { past: [...h.past, h.present], present: next, future: rest };
}
