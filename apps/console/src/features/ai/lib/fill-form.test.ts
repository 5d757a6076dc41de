import { describe, expect, it } from 'vitest';
import { suggestionFields } from './fill-form';

const item = { showType: 0 as const, title: 'Weekend sale', content: 'Until Sunday.', button: 'Shop' };

describe('what a suggestion fills', () => {
  it('a notification: title and text, the button of a custom design only, in the chosen language', () => {
    expect(suggestionFields(item, 1, { design: 1, hasDescription: true })).toEqual([
      { name: ['title'], value: 'Weekend sale' },
      { name: ['desc'], value: 'Until Sunday.' },
    ]);
    expect(suggestionFields(item, 1, { design: 3, hasDescription: true }, 'fr')).toEqual([
      { name: ['langContent', 'fr', 'title'], value: 'Weekend sale' },
      { name: ['langContent', 'fr', 'desc'], value: 'Until Sunday.' },
      { name: ['langContent', 'fr', 'button'], value: 'Shop' },
    ]);
  });

  it('a cross message: merged into its JSON content; an empty message name takes the title', () => {
    const fields = suggestionFields(item, 2, {
      crossJson: '{"deeplink": "shop://sale", "title": "old"}',
      description: '',
      hasDescription: true,
    });
    expect(JSON.parse(fields[0]!.value)).toEqual({
      deeplink: 'shop://sale',
      title: 'Weekend sale',
      content: 'Until Sunday.',
      button: 'Shop',
    });
    expect(fields[1]).toEqual({ name: ['description'], value: 'Weekend sale' });
    // not JSON yet, a name already typed, no name field: a new object, the name kept
    const other = suggestionFields({ ...item, button: '' }, 2, {
      crossJson: '{ broken',
      description: 'Mine',
      hasDescription: true,
    });
    expect(other).toHaveLength(1);
    expect(JSON.parse(other[0]!.value)).toEqual({ title: 'Weekend sale', content: 'Until Sunday.' });
    expect(suggestionFields(item, 2, { crossJson: '', hasDescription: false })).toHaveLength(1);
  });
});
