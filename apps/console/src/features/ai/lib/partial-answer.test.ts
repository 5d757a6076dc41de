import { describe, expect, it } from 'vitest';
import { partialAnswer, readPartialJson } from './partial-answer';

const FULL = JSON.stringify({
  kind: 'suggestions',
  answer: '',
  suggestions: [{ title: 'Half \\"price\\" today', content: 'Until midnight', button: 'Shop' }],
});

describe('reading a streamed answer before it ends', () => {
  it('reads every prefix of the answer without throwing, and the whole answer exactly', () => {
    for (let i = 0; i <= FULL.length; i++) expect(() => readPartialJson(FULL.slice(0, i))).not.toThrow();
    expect(readPartialJson(FULL)).toEqual(JSON.parse(FULL));
  });

  it('closes an open string, drops a half-written key and gives a bare key null', () => {
    expect(readPartialJson('{"kind":"sugg')).toEqual({ kind: 'sugg' });
    expect(readPartialJson('{"kind":"answer","ans')).toEqual({ kind: 'answer' });
    expect(readPartialJson('{"kind":"answer","answer"')).toEqual({ kind: 'answer', answer: null });
    expect(readPartialJson('{"kind":"answer","answer":')).toEqual({ kind: 'answer', answer: null });
    expect(readPartialJson('{"suggestions":[{"title":"Hi"},')).toEqual({ suggestions: [{ title: 'Hi' }] });
    expect(readPartialJson('{"a":"x\\')).toEqual({ a: 'x' });
    expect(readPartialJson('')).toBeUndefined();
  });

  it('gives the text and the suggestions written so far', () => {
    expect(partialAnswer('{"kind":"answer","answer":"Keep it sh')).toEqual({
      kind: 'answer',
      answer: 'Keep it sh',
      suggestions: [],
    });
    expect(partialAnswer('{"kind":"suggestions","answer":"","suggestions":[{"title":"Half pr')).toEqual({
      kind: 'suggestions',
      answer: '',
      suggestions: [{ title: 'Half pr', content: '', button: '' }],
    });
    expect(partialAnswer('{"ki')).toEqual({ kind: undefined, answer: '', suggestions: [] });
  });
});
