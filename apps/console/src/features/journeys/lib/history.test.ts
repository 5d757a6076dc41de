import { describe, expect, it } from 'vitest';
import { pushHistory, recordBefore, redoHistory, replacePresent, startHistory, undoHistory } from './history';

describe('history', () => {
  it('undoes and redoes changes, and a new change drops what was undone', () => {
    let h = pushHistory(pushHistory(startHistory('a'), 'b'), 'c');
    h = undoHistory(h);
    expect(h.present).toBe('b');
    h = undoHistory(undoHistory(h));
    expect(h.present).toBe('a');
    h = redoHistory(h);
    expect(h.present).toBe('b');
    h = pushHistory(h, 'd');
    expect(redoHistory(h)).toBe(h);
    expect(h.past).toEqual(['a', 'b']);
  });

  it('folds a session (a drag, a drawer’s typing) into one step recorded when it ends', () => {
    let h = startHistory('a');
    h = replacePresent(replacePresent(h, 'a1'), 'a2');
    expect(h.past).toEqual([]);
    h = recordBefore(h, 'a');
    expect(h.present).toBe('a2');
    expect(undoHistory(h).present).toBe('a');
  });
});
