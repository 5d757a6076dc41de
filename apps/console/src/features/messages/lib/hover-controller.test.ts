import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOVER_CLOSE_GRACE_MS, HOVER_OPEN_DELAY_MS, HoverController } from './hover-controller';

describe('loss popover timing', () => {
  let c: HoverController;
  let opened: Array<string | null>;
  beforeEach(() => {
    vi.useFakeTimers();
    c = new HoverController();
    opened = [];
    c.subscribe((id) => opened.push(id));
  });
  afterEach(() => {
    c.dispose();
    vi.useRealTimers();
  });

  it('opens 250 ms after the pointer enters, not before', () => {
    expect(HOVER_OPEN_DELAY_MS).toBe(250);
    c.enter('dispatch');
    vi.advanceTimersByTime(249);
    expect(c.current).toBeNull();
    vi.advanceTimersByTime(1);
    expect(c.current).toBe('dispatch');
  });

  it('does not open when the pointer leaves within 250 ms', () => {
    c.enter('dispatch');
    vi.advanceTimersByTime(200);
    c.leave('dispatch');
    vi.advanceTimersByTime(1000);
    expect(c.current).toBeNull();
    expect(opened).toEqual([]);
  });

  it('closes on leave (after a short grace that moving onto the popover cancels)', () => {
    c.enter('show');
    vi.advanceTimersByTime(250);
    c.leave('show');
    c.enter('show');
    vi.advanceTimersByTime(HOVER_CLOSE_GRACE_MS + 50);
    expect(c.current).toBe('show');
    c.leave('show');
    vi.advanceTimersByTime(HOVER_CLOSE_GRACE_MS);
    expect(c.current).toBeNull();
  });

  it('keeps one open at a time and reports every opening (so each open reloads)', () => {
    c.enter('dispatch');
    vi.advanceTimersByTime(250);
    c.enter('show');
    vi.advanceTimersByTime(250);
    expect(c.current).toBe('show');
    c.close();
    c.enter('dispatch');
    vi.advanceTimersByTime(250);
    expect(opened).toEqual(['dispatch', 'show', null, 'dispatch']);
  });

  it('closes at once on window blur (close) and opens at once on focus', () => {
    c.openNow('dispatch');
    expect(c.current).toBe('dispatch');
    c.close();
    expect(c.current).toBeNull();
    c.enter('show');
    c.close();
    vi.advanceTimersByTime(500);
    expect(c.current).toBeNull();
  });
});
