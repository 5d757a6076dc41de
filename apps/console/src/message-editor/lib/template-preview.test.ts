import { describe, expect, it } from 'vitest';
import { previewText } from './template-preview';

describe('previewText', () => {
  it('renders a device’s values, or the defaults without one', () => {
    const device = { device: { country: 'FR' }, userId: 'u1', attributes: {} };
    expect(previewText('Hi {{ user.id | default: "there" }} in {{ device.country }}', device)).toBe(
      'Hi u1 in FR',
    );
    expect(previewText('Hi {{ user.id | default: "there" }}', undefined)).toBe('Hi there');
  });

  it('shows a text without templates, or with a broken one, as typed', () => {
    expect(previewText('Plain {text}', undefined)).toBe('Plain {text}');
    expect(previewText('Hi {{ user.id', undefined)).toBe('Hi {{ user.id');
    expect(previewText('{% for x in y %}{% endfor %}', undefined)).toBe('{% for x in y %}{% endfor %}');
  });
});
