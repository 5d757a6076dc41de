import { type z } from 'zod';
import { checkMaterialContent, MaterialSave, type MaterialSaveInput } from '@beacon/shared';
import {
  fieldOfPath,
  isContentField,
  validateCompose,
  type ComposeIssue,
  type FieldName,
} from '../../../message-editor';
import {
  buildMaterialSave,
  composeContextOf,
  type MaterialApp,
  type MaterialValues,
} from './material-values';

/** The issue keys of the material's own rules (`materials.errors.*`; the others are `compose.errors.*`). */
export const MATERIAL_ISSUE_KEYS: readonly string[] = ['countryInBoth', 'contentRule'];

/** A text field's problem by its contract schema: required, too long, or a character no text may hold. */
function textIssue(schema: z.ZodType, value: string, name: FieldName): ComposeIssue[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  const issue = result.error.issues[0];
  if (!issue) return [];
  if (issue.code === 'too_small') return [{ name, key: 'required' }];
  if (issue.code === 'too_big') return [{ name, key: 'tooLong', params: { max: Number(issue.maximum) } }];
  return [{ name, key: 'invalid', params: { message: issue.message } }];
}

/** The material's own fields: description (required, ≤ 100), attribute (≤ 128), no country in both lists. */
function ownIssues(v: MaterialValues): ComposeIssue[] {
  const both = v.pushCountrySet.filter((c) => v.notPushCountrySet.includes(c));
  return [
    ...textIssue(MaterialSave.shape.title, v.description, ['description']),
    ...textIssue(MaterialSave.shape.attribute, v.attribute, ['attribute']),
    ...(both.length > 0
      ? [{ name: ['notPushCountrySet'], key: 'countryInBoth', params: { countries: both.join(', ') } }]
      : []),
  ];
}

/** A path of the material (`data.noti_title`, `multiLangContent.0.desc`, `title`, …) as the form field it names. */
export function fieldOfMaterialPath(path: string, v: MaterialValues): FieldName {
  const parts = path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const [head, next] = parts;
  if (head === 'title') return ['description'];
  if (head === 'attribute') return ['attribute'];
  if (head === 'nationalAttributes')
    return [next === 'pushCountrySet' ? 'pushCountrySet' : 'notPushCountrySet'];
  if (head === 'materialType') return [v.materialKind === 'cross' ? 'materialKind' : 'design'];
  const name = fieldOfPath(parts, v);
  if (name) return name;
  if (head === 'multiLangContent') return ['languages'];
  return [v.materialKind === 'cross' ? 'crossJson' : 'design'];
}

const ContentPart = MaterialSave.pick({
  materialType: true,
  data: true,
  multiLangEnable: true,
  multiLangContent: true,
});

/** The contract's content rule (checkMaterialContent) over the content as sent; none while a language is incomplete. */
function ruleIssues(save: MaterialSaveInput, v: MaterialValues): ComposeIssue[] {
  const content = ContentPart.safeParse(save);
  if (!content.success) return [];
  const { issues } = checkMaterialContent({
    ...content.data,
    title: '',
    attribute: '',
    nationalAttributes: { pushCountrySet: [], notPushCountrySet: [] },
    contentCreateType: 0,
  });
  return issues.map((i) => ({
    name: fieldOfMaterialPath(i.path, v),
    key: 'contentRule',
    params: { message: `${i.path} ${i.message}` },
  }));
}

const sameName = (a: FieldName, b: FieldName) => a.length === b.length && a.every((p, i) => p === b[i]);

/**
 * Every problem of the material form, one per field: its own fields, then the content by the compose rules a message
 * of its kind meets (validateCompose, the content fields only), then the contract's material rule
 * (checkMaterialContent) — so what passes here is what the server accepts.
 */
export function validateMaterial(v: MaterialValues, app: MaterialApp): ComposeIssue[] {
  const content = validateCompose(v, composeContextOf(v, app)).filter((i) =>
    isContentField(i.name, v.materialKind),
  );
  const issues = [...ownIssues(v), ...content, ...ruleIssues(buildMaterialSave(v, app), v)];
  const unique: ComposeIssue[] = [];
  for (const issue of issues) if (!unique.some((u) => sameName(u.name, issue.name))) unique.push(issue);
  return unique;
}
