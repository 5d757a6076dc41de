import { describe, expect, it } from 'vitest';
import { canvasMode, isReadOnlyMode, reviewModeOf } from './canvas-mode';
import { journeyActions } from './journey-status';

describe('canvasMode (canvas dialog modes 1–6)', () => {
  it('opens a journey waiting for review (11) in mode 4 for the app’s reviewers and mode 6 for the platform’s', () => {
    expect(canvasMode('view', 11, 200)).toBe('review');
    expect(canvasMode('view', 11, 300)).toBe('review');
    expect(canvasMode('view', 11, 100)).toBe('platformReview');
    // operators and testers do not decide: view only
    expect(canvasMode('view', 11, 400)).toBe('view');
    expect(canvasMode('view', 11, 500)).toBe('view');
    expect(reviewModeOf(11, 0)).toBeUndefined();
  });

  it('decides nothing on a journey no longer waiting: rejected (12), running, draft', () => {
    for (const status of [12, 0, 2, 4, 1, 3, 18, 19, 20]) {
      expect(reviewModeOf(status, 200)).toBeUndefined();
      expect(reviewModeOf(status, 100)).toBeUndefined();
    }
    expect(canvasMode('view', 12, 200)).toBe('view');
    expect(canvasMode('view', 4, 100)).toBe('view');
  });

  it('edits before the confirmation (18, 20) and while review holds it (11, 12); else view, or its review mode', () => {
    for (const status of [18, 20, 11, 12]) expect(canvasMode('edit', status, 300)).toBe('edit');
    expect(canvasMode('edit', 4, 300)).toBe('view');
    expect(canvasMode('edit', 19, 300)).toBe('view');
    expect(canvasMode('edit', 11, 400)).toBe('edit');
  });

  it('new without act, copy with act=copy whatever the status, view while the journey loads', () => {
    expect(canvasMode(undefined, undefined, 200)).toBe('new');
    expect(canvasMode('copy', 11, 200)).toBe('copy');
    expect(canvasMode('copy', undefined, 200)).toBe('copy');
    expect(canvasMode('view', undefined, 200)).toBe('view');
  });

  it('shows the canvas read-only in the view and review modes', () => {
    expect(['view', 'review', 'platformReview'].every((m) => isReadOnlyMode(m as 'view'))).toBe(true);
    expect(['new', 'edit', 'copy'].some((m) => isReadOnlyMode(m as 'new'))).toBe(false);
  });

  it('offers edit in the journeys list while review holds it', () => {
    expect(journeyActions(11)).toContain('edit');
    expect(journeyActions(12)).toContain('edit');
    expect(journeyActions(4)).not.toContain('edit');
  });
});
