import { describe, expect, it } from 'vitest';
import { checkContentAgainst, contentCheckCode, findSensitiveWords, parseWordList } from './sensitive-words';

describe('parseWordList', () => {
  it('splits lines and commas, trims, drops empties and case-insensitive duplicates, sets long words apart', () => {
    expect(parseWordList(' Casino,casino\n赌博，  free   money \r\n\n, ,彩票、Loan')).toEqual({
      words: ['Casino', '赌博', 'free money', '彩票', 'Loan'],
      tooLong: [],
    });
    expect(parseWordList(`${'a'.repeat(50)}\n${'b'.repeat(51)}`)).toEqual({
      words: ['a'.repeat(50)],
      tooLong: ['b'.repeat(51)],
    });
  });
});

describe('findSensitiveWords', () => {
  it('matches Latin words whole and case-insensitively', () => {
    expect(findSensitiveWords('Win at the CASINO!', ['casino'])).toEqual(['casino']);
    expect(findSensitiveWords('casinos and classes', ['casino', 'ass'])).toEqual([]);
    expect(findSensitiveWords('Café gratuit', ['CAFÉ'])).toEqual(['CAFÉ']);
    expect(findSensitiveWords('get free-money now', ['free'])).toEqual(['free']);
    expect(findSensitiveWords('50% off', ['50%'])).toEqual(['50%']);
    expect(findSensitiveWords('price $9.99 (today)', ['$9.99', '(today)'])).toEqual(['$9.99', '(today)']);
  });

  it('matches CJK words as substrings', () => {
    expect(findSensitiveWords('网络赌博是违法的', ['赌博', '彩票'])).toEqual(['赌博']);
    expect(findSensitiveWords('今日のカジノ情報', ['カジノ'])).toEqual(['カジノ']);
    expect(findSensitiveWords('무료쿠폰', ['쿠폰'])).toEqual(['쿠폰']);
  });
});

describe('content check', () => {
  it('reports per language, field and button, and maps to the save codes', () => {
    const violations = checkContentAgainst(
      { en: { title: 'Casino', buttons: ['ok', 'CASINO now'] }, zh: { desc: '赌博' } },
      ['casino', '赌博'],
    );
    expect(violations).toEqual([
      { lang: 'en', field: 'title', words: ['casino'] },
      { lang: 'en', field: 'buttons', index: 1, words: ['casino'] },
      { lang: 'zh', field: 'desc', words: ['赌博'] },
    ]);
    expect(contentCheckCode({ platform: violations, app: violations }, { mayForce: true })).toBe(60000);
    expect(contentCheckCode({ platform: [], app: violations }, { mayForce: false })).toBe(60001);
    expect(contentCheckCode({ platform: [], app: violations }, { mayForce: true })).toBe(60003);
    expect(contentCheckCode({ platform: [], app: [] }, { mayForce: true })).toBeUndefined();
  });
});
