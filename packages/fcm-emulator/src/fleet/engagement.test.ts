import { describe, expect, it } from 'vitest';
import { contentChances, contentTraits, ENGAGEMENT, languageScript, textScript } from './engagement';

const base = { pShown: 0.9, pClicked: 0.2 };
const plain = { titleLength: 20, emoji: false, picture: false, languageMatch: true };

describe('contentTraits', () => {
  it('reads the title length in characters, an emoji, a picture', () => {
    expect(contentTraits({ noti_title: 'Big sale 🎉', noti_img_ex: 'https://x/p.png' }, 'en')).toEqual({
      titleLength: 10,
      emoji: true,
      picture: true,
      languageMatch: true,
    });
    expect(contentTraits({ noti_title: 'x'.repeat(41), noti_img_ex: ' ' }, 'fr')).toEqual({
      titleLength: 41,
      emoji: false,
      picture: false,
      languageMatch: true,
    });
    expect(contentTraits({}, 'en')).toEqual({
      titleLength: 0,
      emoji: false,
      picture: false,
      languageMatch: true,
    });
  });

  it('matches the title’s writing system with the device language’s', () => {
    expect(contentTraits({ noti_title: 'आज की सेल' }, 'hi').languageMatch).toBe(true);
    expect(contentTraits({ noti_title: 'आज की सेल' }, 'en').languageMatch).toBe(false);
    expect(contentTraits({ noti_title: 'Today’s sale' }, 'hi').languageMatch).toBe(false);
    expect(contentTraits({ noti_title: 'تخفيضات اليوم' }, 'ar_MA').languageMatch).toBe(true);
    expect(contentTraits({ noti_title: 'تخفيضات اليوم' }, 'ur').languageMatch).toBe(true);
    expect(contentTraits({ noti_title: 'Promo du jour' }, 'pt_BR').languageMatch).toBe(true);
    // a title without letters suits every language; the majority of the letters decide
    expect(contentTraits({ noti_title: '50% 🔥' }, 'bn').languageMatch).toBe(true);
    expect(contentTraits({ noti_title: 'Big সেল আজকে' }, 'bn').languageMatch).toBe(true);
  });

  it('knows the fleet’s writing systems', () => {
    expect(
      ['hi', 'mr', 'ar', 'ar_DZ', 'ur', 'bn', 'ta', 'te', 'en', 'es_US', 'sw'].map(languageScript),
    ).toEqual([
      'Devanagari',
      'Devanagari',
      'Arabic',
      'Arabic',
      'Arabic',
      'Bengali',
      'Tamil',
      'Telugu',
      'Latin',
      'Latin',
      'Latin',
    ]);
    expect(textScript('வணக்கம்')).toBe('Tamil');
    expect(textScript('123 !')).toBeUndefined();
  });
});

describe('contentChances', () => {
  it('keeps the base chances for a short title without emoji or picture in the device’s language', () => {
    expect(contentChances(base, plain)).toEqual(base);
    expect(contentChances(base, { ...plain, titleLength: ENGAGEMENT.shortTitleMax })).toEqual(base);
  });

  it('multiplies the click chance by each trait, the show chance by the picture only', () => {
    const click = (t: Partial<typeof plain>) => contentChances(base, { ...plain, ...t }).pClicked;
    expect(click({ titleLength: 41 })).toBeCloseTo(0.2 * 0.7);
    expect(click({ emoji: true })).toBeCloseTo(0.2 * 1.3);
    expect(click({ picture: true })).toBeCloseTo(0.2 * 1.5);
    expect(click({ languageMatch: false })).toBeCloseTo(0.2 * 0.5);
    expect(click({ titleLength: 80, emoji: true, picture: true, languageMatch: false })).toBeCloseTo(
      0.2 * 0.7 * 1.3 * 1.5 * 0.5,
    );
    expect(contentChances(base, { ...plain, picture: true }).pShown).toBeCloseTo(0.9 * 0.97);
    expect(contentChances(base, { ...plain, emoji: true, titleLength: 99 }).pShown).toBe(0.9);
  });

  it('never goes past 1', () => {
    expect(
      contentChances({ pShown: 1, pClicked: 0.9 }, { ...plain, emoji: true, picture: true }).pClicked,
    ).toBe(1);
  });
});
