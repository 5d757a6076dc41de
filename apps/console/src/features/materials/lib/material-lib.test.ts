import { describe, expect, it } from 'vitest';
import { base64OfText, MaterialSave } from '@beacon/shared';
import { composePath, formPath, materialActions, mayDecide, mayPurge, unusable } from './material-access';
import { emptyFilters, materialRequestOf } from './material-filters';
import { buildMaterialSave, emptyMaterial, materialTypeOf, type MaterialValues } from './material-values';
import { fieldOfMaterialPath, validateMaterial } from './validate-material';

const APP = {
  linksEnable: true,
  localTimeEnable: true,
  displayPriorityEnable: true,
  multiLangEnable: true,
  serverUTC: '+0000',
  projectLevel: 500,
  advanceTarget: false,
};
const ICON = { icon: '/files/icon.png', color: '' };
const filled = (over: Partial<MaterialValues> = {}): MaterialValues => ({
  ...emptyMaterial('+0000', 1, ICON),
  description: 'Spring',
  title: 'Half price',
  desc: 'Today',
  openContent: 'shop://sale',
  ...over,
});

describe('material lists', () => {
  it('sends the recycle bin as target 2 without a material id, and the status on the audit list only', () => {
    const f = { ...emptyFilters(2), materialId: '12', status: 3 as const, title: 'x' };
    expect(materialRequestOf(f, 'list')).toMatchObject({
      target: 1,
      materialType: 2,
      materialId: '12',
      status: '',
    });
    expect(materialRequestOf(f, 'recycle')).toMatchObject({ target: 2, materialId: '', status: '' });
    expect(materialRequestOf(f, 'audit')).toMatchObject({ target: 1, materialId: '12', status: 3 });
  });

  it('lets user level 100 and project levels 100–300 restore and purge; 100–300 decide a waiting one', () => {
    expect([100, 200, 300, 400].map((projectLevel) => mayPurge({ projectLevel, userLevel: 0 }))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(mayPurge({ projectLevel: 400, userLevel: 100 })).toBe(true);
    expect(materialActions('recycle', { projectLevel: 400, userLevel: 0 })).toEqual([]);
    expect(materialActions('audit', { projectLevel: 200, userLevel: 0 })).toEqual([
      'copy',
      'edit',
      'auditPurge',
    ]);
    expect(mayDecide({ status: 3 }, 300)).toBe(true);
    expect(mayDecide({ status: 3 }, 400)).toBe(false);
    expect(mayDecide({ status: 4 }, 100)).toBe(false);
  });

  it('composes from a passed material only, on the screen of its type; copies and edits on the form', () => {
    expect(unusable({ status: 1 })).toBeUndefined();
    expect([3, 4, 2].map((status) => unusable({ status }))).toEqual(['waiting', 'rejected', 'other']);
    expect(composePath(1, { materialId: 5, materialType: 3 })).toBe('/app/1/message/editcross?materialId=5');
    expect(composePath(1, { materialId: 5, materialType: 2 })).toBe('/app/1/message/editpush?materialId=5');
    expect(formPath(1, 5, 'edit', true)).toBe('/app/1/material/create?materialId=5&act=edit&from=audit');
  });
});

describe('the material form', () => {
  it('saves a notification’s type by its design and its data as a message’s, and a cross material’s JSON', () => {
    expect(materialTypeOf(filled({ design: 3 }))).toBe(2);
    const save = buildMaterialSave(filled({ pushCountrySet: ['FR'] }), APP, { msgId: 30 });
    expect(save).toMatchObject({
      materialType: 1,
      title: 'Spring',
      data: { noti_type: 1, noti_title: 'Half price', noti_small_icon: '/files/icon.png' },
      nationalAttributes: { pushCountrySet: ['FR'], notPushCountrySet: [] },
      msgId: 30,
    });
    expect(MaterialSave.safeParse(save).success).toBe(true);
    const cross = buildMaterialSave(filled({ materialKind: 'cross', crossJson: '{"a":1}' }), APP);
    expect(cross).toMatchObject({ materialType: 3, data: { trans_data: base64OfText('{"a":1}') } });
  });

  it('checks its own fields and the content only (not the audience, schedule or role of a message)', () => {
    expect(validateMaterial(filled(), APP)).toEqual([]);
    const issues = validateMaterial(
      filled({
        description: '',
        attribute: 'x'.repeat(129),
        pushCountrySet: ['FR', 'DE'],
        notPushCountrySet: ['DE'],
        openContent: 'https://acme.example',
      }),
      APP,
    );
    expect(issues).toEqual([
      { name: ['description'], key: 'required' },
      { name: ['attribute'], key: 'tooLong', params: { max: 128 } },
      { name: ['notPushCountrySet'], key: 'countryInBoth', params: { countries: 'DE' } },
      { name: ['openContent'], key: 'notHttp' },
    ]);
    expect(validateMaterial(filled({ materialKind: 'cross' }), APP)).toEqual([
      { name: ['crossJson'], key: 'required' },
    ]);
  });

  it('places the material’s paths at the form’s fields', () => {
    const v = filled({ languages: ['fr'] });
    expect(fieldOfMaterialPath('title', v)).toEqual(['description']);
    expect(fieldOfMaterialPath('nationalAttributes.pushCountrySet.0', v)).toEqual(['pushCountrySet']);
    expect(fieldOfMaterialPath('data.noti_desc', v)).toEqual(['desc']);
    expect(fieldOfMaterialPath('multiLangContent.0.title', v)).toEqual(['langContent', 'fr', 'title']);
    expect(fieldOfMaterialPath('multiLangContent', v)).toEqual(['languages']);
  });
});
