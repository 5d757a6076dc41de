import { describe, expect, it } from 'vitest';
import { base64OfText } from './cross-content';
import { checkMaterialContent, countryAllowed, MaterialSave, NationalAttributes } from './materials';

const notification = {
  noti_title: 'Sale',
  noti_desc: 'Half price today',
  noti_small_icon: 'https://cdn.example.com/i.png',
  noti_ex_type: 1,
  noti_open_type: 1,
  noti_open_content: 'app://sale',
};
const save = (over: Record<string, unknown>) =>
  MaterialSave.parse({ materialType: 1, title: 'Sale', ...over });

describe('the material content rule', () => {
  it('takes a system-design notification and sets its design', () => {
    const r = checkMaterialContent(save({ data: notification }));
    expect(r.issues).toEqual([]);
    expect(r.normalised).toMatchObject({ noti_type: 1, noti_title: 'Sale' });
  });

  it('names every bad field, the design of the type and repeated languages', () => {
    const r = checkMaterialContent(
      save({
        materialType: 2,
        data: { ...notification, noti_type: 1, noti_title: '' },
        multiLangEnable: true,
        multiLangContent: [
          { lang: 'fr', title: 'Soldes', desc: 'Moitié prix' },
          { lang: 'fr', title: 'Soldes', desc: 'Moitié prix' },
        ],
      }),
    );
    expect(r.issues.map((i) => i.path)).toEqual([
      'data.noti_type',
      'data.noti_title',
      'data.noti_icon',
      'multiLangContent.1.lang',
    ]);
  });

  it('takes a cross message as a message takes it, without languages', () => {
    const data = { trans_data: base64OfText('{"deal":1}') };
    expect(checkMaterialContent(save({ materialType: 3, data })).issues).toEqual([]);
    const bad = checkMaterialContent(save({ materialType: 3, data: { ...data, tcm_msg_id: 1 } }));
    expect(bad.issues[0]?.path).toBe('data.tcm_msg_id');
    const langs = checkMaterialContent(
      save({ materialType: 3, data, multiLangContent: [{ lang: 'fr', title: 'a', desc: 'b' }] }),
    );
    expect(langs.issues).toEqual([
      { path: 'multiLangContent', message: 'is only for notification materials' },
    ]);
  });
});

describe('national attributes', () => {
  it('upper-cases, sorts and refuses a country in both sets or no country at all', () => {
    expect(NationalAttributes.parse({ pushCountrySet: ['ng', 'KE', 'ng'] })).toEqual({
      pushCountrySet: ['KE', 'NG'],
      notPushCountrySet: [],
    });
    const both = NationalAttributes.safeParse({ pushCountrySet: ['NG'], notPushCountrySet: ['ng'] });
    expect(both.error?.issues[0]?.path).toEqual(['notPushCountrySet']);
    expect(NationalAttributes.safeParse({ pushCountrySet: ['XX'] }).success).toBe(false);
  });

  it('lets a country through when it is listed, or when no list names countries to push to', () => {
    const a = NationalAttributes.parse({ pushCountrySet: ['NG'], notPushCountrySet: [] });
    expect(countryAllowed(a, 'ng')).toBe(true);
    expect(countryAllowed(a, 'KE')).toBe(false);
    const b = NationalAttributes.parse({ notPushCountrySet: ['KE'] });
    expect(countryAllowed(b, 'GH')).toBe(true);
    expect(countryAllowed(b, 'ke')).toBe(false);
  });
});
