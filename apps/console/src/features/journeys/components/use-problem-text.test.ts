import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import '../../../test-utils';
import { SETTINGS_FIELDS } from '../lib/node-problems';
import { fieldLabelKey } from './use-problem-text';

describe('fieldLabelKey', () => {
  it('names the deep link and every settings field by a label compose has (no bare "Required")', () => {
    expect(fieldLabelKey('openContent')).toBe('compose.fields.openContent1');
    expect(i18n.t(fieldLabelKey('openContent'))).toBe('Page or deep link');
    for (const field of [
      'openContent',
      'title',
      'desc',
      ...SETTINGS_FIELDS.filter((f) => f !== 'description'),
    ])
      expect([field, i18n.exists(fieldLabelKey(field))]).toEqual([field, true]);
  });
});
