import { describe, expect, it } from 'vitest';

// Every feature's files, read eagerly here (the console bundles en and loads zh and fr when chosen).
const files = import.meta.glob<Record<string, unknown>>(
  ['../features/*/i18n/*.json', '../features/*/admin/i18n/*.json', '../message-editor/i18n/*.json'],
  {
    eager: true,
    import: 'default',
  },
);
const featureTranslations = Object.entries(files).map(([path, resources]) => {
  const [, feature = '', lang = ''] =
    /(?:features\/)?([^/]+(?:\/admin)?)\/i18n\/(\w+)\.json$/.exec(path) ?? [];
  return { feature, lang, resources };
});

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

const features = [...new Set(featureTranslations.map((f) => f.feature))];
const of = (feature: string, lang: string) =>
  flatten(featureTranslations.find((f) => f.feature === feature && f.lang === lang)?.resources ?? {});

describe('feature translations', () => {
  it.each(features)('%s has en, zh and fr with the same keys, all non-empty', (feature) => {
    const en = of(feature, 'en');
    expect(en.size).toBeGreaterThan(0);
    for (const lang of ['zh', 'fr']) {
      const other = of(feature, lang);
      expect([...other.keys()].sort(), `${feature}/${lang}`).toEqual([...en.keys()].sort());
      for (const [key, text] of other) expect(text.trim(), `${feature}/${lang}/${key}`).not.toBe('');
    }
  });

  it('features do not redefine each other’s top-level keys', () => {
    const owners = new Map<string, string>();
    for (const f of featureTranslations.filter((t) => t.lang === 'en')) {
      for (const key of Object.keys(f.resources)) {
        expect(owners.get(key), `${key} is defined by ${owners.get(key)} and ${f.feature}`).toBeUndefined();
        owners.set(key, f.feature);
      }
    }
  });
});
