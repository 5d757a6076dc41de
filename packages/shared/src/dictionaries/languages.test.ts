import { describe, expect, it } from 'vitest';
import { normalizeLanguage } from './languages';

describe('normalizeLanguage', () => {
  it('normalises tags and underscore forms, and refuses what is not a tag', () => {
    expect(normalizeLanguage('en')).toBe('en');
    expect(normalizeLanguage('pt-BR')).toBe('pt_BR');
    expect(normalizeLanguage('pt_br')).toBe('pt_BR');
    expect(normalizeLanguage('zh-Hant-TW')).toBe('zh_TW');
    expect(normalizeLanguage('EN')).toBe('en');
    expect(normalizeLanguage('english')).toBeUndefined();
    expect(normalizeLanguage('e')).toBeUndefined();
    expect(normalizeLanguage('en-')).toBeUndefined();
  });

  it('answers a repeated input as the first time (its answers are remembered), valid or not', () => {
    for (const input of ['fr-CA', 'fr_CA', 'xx-123456789', 'de', 'de', 'fr-CA', 'zz_ZZ', 'not a tag'])
      expect(normalizeLanguage(input)).toBe(normalizeLanguage(input));
    expect(normalizeLanguage('fr-CA')).toBe('fr_CA');
    expect(normalizeLanguage('xx-123456789')).toBeUndefined();
    // past the bound the memory starts again: still the same answers
    for (let i = 0; i < 2100; i++) normalizeLanguage(`en-${String(i).padStart(3, '0')}`);
    expect(normalizeLanguage('pt-BR')).toBe('pt_BR');
    expect(normalizeLanguage('english')).toBeUndefined();
  });
});
