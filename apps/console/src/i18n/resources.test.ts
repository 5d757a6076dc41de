import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// read from the files, not imported: i18next merges the features' strings into the imported objects, and the test
// files of a worker share their modules
const file = (name: string): object => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'));
const en = file('./en.json');
const fr = file('./fr.json');
const zh = file('./zh.json');

function flatten(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object')
      for (const [k, v] of flatten(value as object, path)) out.set(k, v);
    else out.set(path, String(value));
  }
  return out;
}

const english = flatten(en);

describe.each([
  ['zh', flatten(zh)],
  ['fr', flatten(fr)],
])('%s translations', (_lang, other) => {
  it('have every key of en.json, and no other key', () => {
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('are non-empty and keep the interpolation variables', () => {
    for (const [key, text] of english) {
      const translated = other.get(key) ?? '';
      expect(translated.trim(), key).not.toBe('');
      const vars = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).sort();
      expect(vars(translated), key).toEqual(vars(text));
    }
  });

  it('are real translations, not copies of the English text', () => {
    const copied = [...english].filter(([key, text]) => other.get(key) === text && text.length > 12);
    expect(copied.map(([key]) => key)).toEqual([]);
  });
});
