import { describe, expect, it } from 'vitest';
import en from '../../compose/i18n/en.json';
import { fieldLabelKey } from './use-problem-text';
import { SETTINGS_FIELDS } from '../lib/node-problems';

const has = (key: string) =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], en) !== undefined;

describe('fieldLabelKey', () => {
  it('names the deep link and every settings field by a label compose has (no bare "Required")', () => {
    expect(fieldLabelKey('openContent')).toBe('compose.fields.openContent1');
    for (const field of [
      'openContent',
      'title',
      'desc',
      ...SETTINGS_FIELDS.filter((f) => f !== 'description'),
    ])
      expect([field, has(fieldLabelKey(field))]).toEqual([field, true]);
  });
});
