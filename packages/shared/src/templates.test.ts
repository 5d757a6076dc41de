import { describe, expect, it } from 'vitest';
import { base64OfText, textOfBase64 } from './contracts/cross-content';
import { checkContentTemplates, compileContent, renderContent, templateSlots } from './message-templates';
import { LOSS_CODES } from './status';
import {
  compileTemplate,
  hasTemplateSyntax,
  renderTemplate,
  TEMPLATE_RENDER_LOSS,
  templateScope,
  templateVariables,
  type TemplateDevice,
} from './templates';

const known = templateVariables(['first_name', 'points']);
const device: TemplateDevice = {
  device: { country: 'FR', language: 'fr', brand: 'Pixel', model: 'Pixel 8', app_version: '2.1.0' },
  userId: 'u-42',
  attributes: { first_name: 'Ana', points: 1200 },
};

function render(source: string, values: TemplateDevice = device, link = false): string {
  const r = compileTemplate(source, known, { link });
  if ('problem' in r) throw new Error(r.problem.message);
  return renderTemplate(r.template, templateScope(values));
}

describe('templates: the rule', () => {
  it('sees template syntax only in {{ and {%', () => {
    expect(hasTemplateSyntax('Hello there {not a template}')).toBe(false);
    expect(hasTemplateSyntax('Hi {{ first_name }}')).toBe(true);
    expect(hasTemplateSyntax('{% if x %}')).toBe(true);
  });

  it('renders attributes by bare key, device fields and the user id', () => {
    expect(render('Hi {{ first_name }}, {{ points }} points')).toBe('Hi Ana, 1200 points');
    expect(render('{{ device.country }}/{{ device.model | upcase }}/{{ user.id }}')).toBe('FR/PIXEL 8/u-42');
  });

  it('renders a missing value as its default, or as nothing', () => {
    const none: TemplateDevice = { device: {} };
    expect(render('Hi {{ first_name | default: "there" }}!', none)).toBe('Hi there!');
    expect(render('Hi {{ first_name }}!', none)).toBe('Hi !');
    expect(render('{{ user.id | default: "guest" }}', none)).toBe('guest');
    expect(
      render('Hi {{ first_name | default: "there" }}', { device: {}, attributes: { first_name: '' } }),
    ).toBe('Hi there');
  });

  it('applies the allowed filters', () => {
    expect(render('{{ first_name | downcase | append: "!" }}')).toBe('ana!');
    expect(render('{{ "long text here" | truncate: 8 }}')).toBe('long ...');
    expect(render('{{ device.brand | capitalize }}')).toBe('Pixel');
  });

  it('refuses an unknown variable, naming it', () => {
    const r = compileTemplate('Hi {{ firstname }}', known);
    expect(r).toMatchObject({ problem: { kind: 'variable', name: 'firstname' } });
    expect(compileTemplate('{{ device.imei }}', known)).toMatchObject({ problem: { name: 'device.imei' } });
    // a variable in a filter's argument counts too
    expect(compileTemplate('{{ first_name | default: nickname }}', known)).toMatchObject({
      problem: { kind: 'variable', name: 'nickname' },
    });
    // a dynamic lookup is never a known variable
    expect(compileTemplate('{{ device[first_name] }}', known)).toMatchObject({
      problem: { kind: 'variable' },
    });
  });

  it('refuses tags: loops, assigns, includes, comments', () => {
    for (const source of [
      '{% for i in (1..3) %}{{ i }}{% endfor %}',
      '{% assign x = 1 %}',
      '{% include "a" %}',
      '{% comment %}x{% endcomment %}',
      '{% raw %}{{ x }}{% endraw %}',
    ])
      expect(compileTemplate(source, known), source).toMatchObject({ problem: { kind: 'tag' } });
  });

  it('refuses filters not on the list, and broken syntax', () => {
    expect(compileTemplate('{{ first_name | escape }}', known)).toMatchObject({
      problem: { kind: 'filter', name: 'escape', message: 'uses the filter escape, which is not allowed' },
    });
    expect(compileTemplate('{{ first_name | nope }}', known)).toMatchObject({
      problem: { kind: 'filter', name: 'nope' },
    });
    const broken = compileTemplate('Hi {{ first_name', known);
    expect(broken).toMatchObject({ problem: { kind: 'syntax' } });
    expect('problem' in broken && broken.problem.message).toMatch(/^is not a valid template: /);
  });

  it('escapes nothing in text, and never parses a value again', () => {
    const values: TemplateDevice = { device: {}, attributes: { first_name: '<b>{{ user.id }}</b> & "x"' } };
    expect(render('Hi {{ first_name }}', values)).toBe('Hi <b>{{ user.id }}</b> & "x"');
  });

  it('URL-encodes every value in a link, and leaves the link itself as it is', () => {
    const values: TemplateDevice = { device: { country: 'FR' }, attributes: { first_name: 'A&b=c d/é?' } };
    expect(render('app://shop/{{ device.country }}?n={{ first_name }}', values, true)).toBe(
      'app://shop/FR?n=A%26b%3Dc%20d%2F%C3%A9%3F',
    );
    expect(render('https://x.test/?n={{ first_name | default: "a b" }}', { device: {} }, true)).toBe(
      'https://x.test/?n=a%20b',
    );
  });

  it('refuses to print a value that is not text, a number or a date', () => {
    const values: TemplateDevice = { device: {}, attributes: { first_name: { a: 1 } } };
    expect(() => render('Hi {{ first_name }}', values)).toThrow();
  });

  it('keeps renders by the values read, never mixing two devices', () => {
    const r = compileTemplate('{{ device.country }}-{{ first_name | default: "x" }}', known);
    if ('problem' in r) throw new Error(r.problem.message);
    const of = (country: string, first_name?: string) =>
      renderTemplate(
        r.template,
        templateScope({ device: { country }, attributes: first_name ? { first_name } : {} }),
      );
    expect([of('FR', 'Ana'), of('NG', 'Ana'), of('FR'), of('FR', 'Ana')]).toEqual([
      'FR-Ana',
      'NG-Ana',
      'FR-x',
      'FR-Ana',
    ]);
    expect(r.template.memo.size).toBe(3);
    const dated = compileTemplate('{{ "now" | date: "%Y" }}', known);
    expect('template' in dated && dated.template.reads).toBeNull();
  });

  it('has a loss code with its names', () => {
    expect(LOSS_CODES[TEMPLATE_RENDER_LOSS]).toHaveLength(3);
  });
});

describe('templates: a message content', () => {
  const content = {
    data: {
      noti_title: 'Hi {{ first_name | default: "there" }}',
      noti_desc: 'No template here',
      noti_open_content: 'app://offer/{{ device.country }}',
      noti_btn_ex: { content: [{ type: 1, txt: '{{ device.brand }}', content: 'app://b?u={{ user.id }}' }] },
    },
    multiLangContent: [
      {
        lang: 'fr',
        title: 'Salut {{ first_name }}',
        desc: 'x',
        extra: '',
        button: '',
        buttonExtra: ['{{ points }}'],
      },
    ],
  };

  it('lists the fields that hold templates, with their names', () => {
    expect(templateSlots(content).map((s) => [s.field, s.link])).toEqual([
      ['data.noti_title', false],
      ['data.noti_open_content', true],
      ['data.noti_btn_ex.content.0.txt', false],
      ['data.noti_btn_ex.content.0.content', true],
      ['multiLangContent.0.title', false],
      ['multiLangContent.0.buttonExtra.0', false],
    ]);
  });

  it('names the field and the variable of the first problem', () => {
    expect(checkContentTemplates(content, known)).toBeUndefined();
    const bad = { data: { ...content.data, noti_desc: 'Only {{ city }} today' } };
    expect(checkContentTemplates(bad, known)).toMatchObject({
      field: 'data.noti_desc',
      problem: { kind: 'variable', name: 'city', message: 'uses the unknown variable city' },
    });
  });

  it('renders a copy per device, leaving the content as it was', () => {
    const compiled = compileContent(content);
    const out = renderContent(content, compiled, templateScope(device));
    expect(out.data).toMatchObject({
      noti_title: 'Hi Ana',
      noti_desc: 'No template here',
      noti_open_content: 'app://offer/FR',
      noti_btn_ex: { content: [{ type: 1, txt: 'Pixel', content: 'app://b?u=u-42' }] },
    });
    expect(out.multiLangContent[0]).toMatchObject({ title: 'Salut Ana', buttonExtra: ['1200'] });
    expect(content.data.noti_title).toBe('Hi {{ first_name | default: "there" }}');
    expect(content.multiLangContent[0]?.buttonExtra[0]).toBe('{{ points }}');
  });

  it('fails a device whose required field renders blank', () => {
    const c = { data: { noti_title: '{{ first_name }}', noti_desc: 'x' } };
    expect(() => renderContent(c, compileContent(c), templateScope({ device: {} }))).toThrow(/noti_title/);
  });

  it('renders the text values of a cross message’s trans_data', () => {
    const c = {
      data: {
        trans_data: base64OfText(
          JSON.stringify({ hi: 'Hi {{ first_name }}', n: 3, k: { x: '{{ device.country }}' } }),
        ),
      },
    };
    expect(templateSlots(c).map((s) => s.field)).toEqual(['data.trans_data.hi', 'data.trans_data.k.x']);
    const out = renderContent(c, compileContent(c), templateScope(device));
    expect(JSON.parse(textOfBase64(out.data.trans_data) ?? '')).toEqual({
      hi: 'Hi Ana',
      n: 3,
      k: { x: 'FR' },
    });
  });
});
