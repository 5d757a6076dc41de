import { describe, expect, it } from 'vitest';
import { base64OfText } from './contracts/cross-content';
import { checkMaterialContent, MaterialSave, type MaterialSaveInput } from './contracts/materials';
import {
  isEmptyMaterialRow,
  MATERIAL_SHEET_COLUMNS,
  MATERIAL_SHEET_EXAMPLE,
  MATERIAL_SHEET_KEYS,
  materialCells,
  materialFromCells,
  materialSheetColumn,
  type MaterialSheetCells,
} from './material-sheet';

const save = (m: MaterialSaveInput) => MaterialSave.parse(m);

/** A button design material with every notification column filled. */
const BUTTON = save({
  materialType: 2,
  title: 'Weekend deal',
  attribute: 'retail',
  data: {
    noti_type: 3,
    noti_ex_type: 3,
    noti_title: 'Weekend deal',
    noti_desc: 'Two for one\non every pizza',
    noti_icon: 'https://cdn.example.com/icon.png',
    noti_btn: 'Order',
    noti_open_type: 2,
    noti_open_content: 'https://example.com/deal',
    noti_img_ex: 'https://cdn.example.com/banner.png',
  },
  multiLangEnable: true,
  multiLangContent: [
    {
      lang: 'de',
      title: 'Wochenend-Angebot',
      desc: 'Zwei für eins',
      extra: 'Nur heute',
      button: 'Bestellen',
    },
    { lang: 'pt_BR', title: 'Oferta', desc: 'Dois por um', button: 'Pedir' },
  ],
  nationalAttributes: { pushCountrySet: [], notPushCountrySet: ['CN', 'RU'] },
});

/** A cross material: its JSON travels as trans_data. */
const CROSS = save({
  materialType: 3,
  title: 'Sale page',
  data: { trans_data: base64OfText('{"page":"sale","discount":50,"tags":["a","é"]}') },
  nationalAttributes: { pushCountrySet: ['BR'], notPushCountrySet: [] },
});

/** The example's cells with some changed. */
const row = (changes: MaterialSheetCells): MaterialSheetCells => ({
  ...materialCells(MATERIAL_SHEET_EXAMPLE),
  ...changes,
});
const problemsOf = (cells: MaterialSheetCells) => materialFromCells(cells).problems;

describe('the material sheet columns', () => {
  it('are defined once, in the order of their keys, each with a header, a hint and a width', () => {
    expect(MATERIAL_SHEET_COLUMNS.map((c) => c.key)).toEqual([...MATERIAL_SHEET_KEYS]);
    const headers = MATERIAL_SHEET_COLUMNS.map((c) => c.header.toLowerCase());
    expect(new Set(headers).size).toBe(headers.length);
    for (const c of MATERIAL_SHEET_COLUMNS) {
      expect(c.hint.length, c.key).toBeGreaterThan(10);
      expect(c.width, c.key).toBeGreaterThan(8);
    }
    expect(materialSheetColumn('materialType').hint).toContain('1 (system design), 2 (button design)');
  });

  it('reads the example row back into the example material, which the content rule accepts', () => {
    const cells = materialCells(MATERIAL_SHEET_EXAMPLE);
    expect(cells.materialType).toBe('1');
    expect(cells.pushCountries).toBe('ES, FR, GB, US');
    expect(cells.languages.split('\n')).toHaveLength(2);
    expect(materialFromCells(cells)).toEqual({ value: MATERIAL_SHEET_EXAMPLE, problems: [] });
    expect(checkMaterialContent(MATERIAL_SHEET_EXAMPLE).issues).toEqual([]);
  });

  it('reads every type back from its cells (button design and cross)', () => {
    for (const m of [BUTTON, CROSS]) {
      expect(checkMaterialContent(m).issues).toEqual([]);
      expect(materialFromCells(materialCells(m))).toEqual({ value: m, problems: [] });
    }
    expect(materialCells(BUTTON).languages).toBe(
      'de|Wochenend-Angebot|Zwei für eins|Nur heute|Bestellen\npt_BR|Oferta|Dois por um||Pedir',
    );
    expect(materialCells(CROSS).crossJson).toBe('{"page":"sale","discount":50,"tags":["a","é"]}');
    expect(materialCells(CROSS).notiTitle).toBe('');
  });

  it('builds a cross material’s data as the console’s cross editor does (base64 of the JSON as one line)', () => {
    const out = materialFromCells({
      materialType: '3',
      description: 'Cross',
      crossJson: '{\n  "page": "sale",\n  "n": 2\n}',
    });
    expect(out.problems).toEqual([]);
    expect(out.value?.data).toEqual({ trans_data: base64OfText(JSON.stringify({ page: 'sale', n: 2 })) });
  });

  it('takes numbers and choices as typed in a spreadsheet, codes in any case, CRLF line breaks', () => {
    const out = materialFromCells(
      row({
        materialType: ' 1.0 ',
        pushCountries: 'us;gb  fr',
        exType: '1',
        exText: '',
        languages: 'pt-BR|Promoção|Até 50%\r\n\r\nfr | Soldes | -50 %',
      }),
    );
    expect(out.problems).toEqual([]);
    expect(out.value?.materialType).toBe(1);
    expect(out.value?.nationalAttributes.pushCountrySet).toEqual(['FR', 'GB', 'US']);
    expect(out.value?.multiLangContent.map((e) => [e.lang, e.title, e.desc])).toEqual([
      ['pt_BR', 'Promoção', 'Até 50%'],
      ['fr', 'Soldes', '-50 %'],
    ]);
  });

  it('defaults the expanded type to none and leaves the languages off when their cell is empty', () => {
    const out = materialFromCells(row({ exType: '', exText: '', languages: '' }));
    expect(out.problems).toEqual([]);
    expect(out.value?.data.noti_ex_type).toBe(1);
    expect(out.value?.multiLangEnable).toBe(false);
  });

  it('tells an empty row', () => {
    expect(isEmptyMaterialRow({})).toBe(true);
    expect(isEmptyMaterialRow({ description: '  ', languages: '\r\n' })).toBe(true);
    expect(isEmptyMaterialRow({ attribute: 'x' })).toBe(false);
  });
});

describe('a row’s problems, each in its own cell', () => {
  it('names the cell of every issue path, one entry per bad cell in column order', () => {
    const out = materialFromCells(
      row({
        description: 'x'.repeat(101),
        pushCountries: 'US, XX',
        notPushCountries: 'us',
        notiTitle: '',
        smallIcon: '',
        openContent: 'https://example.com',
        languages: 'fr|Soldes|-50 %\nfr||Texte',
      }),
    );
    expect(out.value).toBeUndefined();
    expect(out.problems.map((p) => p.key)).toEqual([
      'description',
      'pushCountries',
      'notPushCountries',
      'notiTitle',
      'smallIcon',
      'languages',
    ]);
    const by = Object.fromEntries(out.problems.map((p) => [p.key, p.message]));
    expect(by.description).toMatch(/100/);
    expect(by.pushCountries).toBe('XX: must be ISO 3166-1 alpha-2 country codes');
    expect(by.notPushCountries).toBe('must not also be in "Push countries": US');
    expect(by.notiTitle).toBe('is required for material type 1 (system design)');
    expect(by.smallIcon).toBe('is required for material type 1 (system design)');
    expect(by.languages).toBe('line 2, title: is required; line 2, language: is already there');
  });

  it('reports the notification rules in their cells: open content, expanded views, icons', () => {
    expect(problemsOf(row({ openContent: 'https://example.com/sale' }))).toEqual([
      { key: 'openContent', message: 'must be a page or deep link, not an http(s) link' },
    ]);
    expect(problemsOf(row({ openType: '2', openContent: 'shop://sale' }))).toEqual([
      { key: 'openContent', message: 'must start with http:// or https://' },
    ]);
    expect(problemsOf(row({ exType: '3' }))).toEqual([
      { key: 'exText', message: 'is only used with expanded type 2 (text)' },
      { key: 'exPicture', message: 'is required for the picture expanded view' },
    ]);
    expect(problemsOf(row({ exText: 'open content', openContent: 'shop://a b' }))).toEqual([
      { key: 'openContent', message: 'noti_open_content must not contain whitespace' },
    ]);
    expect(problemsOf(row({ notiTitle: 'two\nlines' }))).toEqual([
      { key: 'notiTitle', message: 'must not contain line breaks' },
    ]);
  });

  it('refuses a cell filled for another material type, and a wrong choice, without repeating it', () => {
    expect(problemsOf(row({ icon: 'https://cdn.example.com/i.png', crossJson: '{}' }))).toEqual([
      { key: 'icon', message: 'is only for material type 2 (button design)' },
      { key: 'crossJson', message: 'is only for material type 3 (cross)' },
    ]);
    expect(problemsOf(row({ openType: '4', exType: 'text' }))).toEqual([
      { key: 'openType', message: 'must be 1 (page or deep link), 2 (http(s) link) or 3 (download link)' },
      { key: 'exType', message: 'must be 1 (none), 2 (text) or 3 (picture)' },
    ]);
    expect(problemsOf({ ...materialCells(CROSS), notiTitle: 'Hello', languages: 'fr|a|b' })).toEqual([
      { key: 'notiTitle', message: 'is only for material types 1 (system design) and 2 (button design)' },
      { key: 'languages', message: 'is only for material types 1 (system design) and 2 (button design)' },
    ]);
  });

  it('needs a material type, and then judges only the cells that do not depend on it', () => {
    expect(problemsOf(row({ materialType: '' }))).toEqual([
      { key: 'materialType', message: 'is required: 1 (system design), 2 (button design), 3 (cross)' },
    ]);
    expect(problemsOf(row({ materialType: '4', description: '' }))).toEqual([
      { key: 'materialType', message: 'must be 1 (system design), 2 (button design) or 3 (cross)' },
      { key: 'description', message: 'is required' },
    ]);
  });

  it('says what is wrong with a cross JSON: syntax, not an object, reserved keys, size', () => {
    const cross = (crossJson: string) => problemsOf({ ...materialCells(CROSS), crossJson });
    expect(cross('{"a": }')).toEqual([
      { key: 'crossJson', message: 'must be a JSON object: A value expected at line 1, column 7' },
    ]);
    expect(cross('[1, 2]')).toEqual([{ key: 'crossJson', message: 'must be a JSON object ({…})' }]);
    expect(cross('{"tcm_msg_id": "1", "a": 1}')).toEqual([
      { key: 'crossJson', message: 'must not hold the keys the message sets itself: tcm_msg_id' },
    ]);
    expect(cross(JSON.stringify({ big: 'x'.repeat(3000) }))[0]?.message).toMatch(/at most 3072/);
    expect(cross('')).toEqual([{ key: 'crossJson', message: 'is required for material type 3 (cross)' }]);
  });

  it('tells a languages line that is not lang|title|text, or whose language is no code', () => {
    expect(problemsOf(row({ languages: 'fr|Soldes\nxx1|a|b\nes|a|b|c|d|e' }))).toEqual([
      {
        key: 'languages',
        message:
          'line 1: must be lang|title|text, optionally |expanded text|button text; ' +
          'line 2: "xx1" is not a language code (e.g. en, fr, pt_BR); ' +
          'line 3: must be lang|title|text, optionally |expanded text|button text',
      },
    ]);
    expect(problemsOf(row({ languages: `fr|${'t'.repeat(151)}|texte` }))[0]?.message).toMatch(
      /^line 1, title: .*150/,
    );
  });
});
