import { describe, expect, it } from 'vitest';
import { IMAGE_RULES } from '@beacon/shared';
import { imageProblem } from './image-check';

const ok = { mime: 'image/png', bytes: 10_000, width: 120, height: 120 };

describe('imageProblem (logo rule)', () => {
  it('accepts a 120×120 png, jpg or webp up to 50 KB', () => {
    expect(imageProblem(ok, IMAGE_RULES.logo)).toBeUndefined();
    expect(imageProblem({ ...ok, mime: 'image/jpeg' }, IMAGE_RULES.logo)).toBeUndefined();
    expect(imageProblem({ ...ok, mime: 'image/webp', bytes: 50 * 1024 }, IMAGE_RULES.logo)).toBeUndefined();
  });
  it('names the first problem: type, then size, then dimensions', () => {
    expect(imageProblem({ ...ok, mime: 'image/gif', bytes: 1e6 }, IMAGE_RULES.logo)).toBe('type');
    expect(imageProblem({ ...ok, bytes: 50 * 1024 + 1, width: 10 }, IMAGE_RULES.logo)).toBe('size');
    expect(imageProblem({ ...ok, width: 121 }, IMAGE_RULES.logo)).toBe('dimensions');
    expect(imageProblem({ ...ok, width: 100, height: 90 }, IMAGE_RULES.customIcon)).toBe('square');
  });
});
