import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './language';

describe('resolveLanguage', () => {
  it('prefers a valid lang query parameter over the stored choice', () => {
    expect(resolveLanguage('?lang=fr', 'zh')).toEqual({ language: 'fr', fromQuery: true });
  });

  it('uses the stored choice without a query parameter', () => {
    expect(resolveLanguage('?page=2', 'zh')).toEqual({ language: 'zh', fromQuery: false });
  });

  it('ignores an unknown query value and falls back to storage', () => {
    expect(resolveLanguage('?lang=de', 'fr')).toEqual({ language: 'fr', fromQuery: false });
  });

  it('defaults to en when nothing valid is given', () => {
    expect(resolveLanguage('', null)).toEqual({ language: 'en', fromQuery: false });
    expect(resolveLanguage('?lang=', 'klingon')).toEqual({ language: 'en', fromQuery: false });
  });
});
