import { createHash } from 'node:crypto';
import {
  checkMaterialContent,
  ErrorCodes,
  errorWithDetail,
  type MaterialSave,
  type MultiLangEntry,
} from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import type { AppRecord } from '../apps';
import type { MaterialContent } from './materials.writer';

/** What the rules read of the app: its link switch and its material review switch. */
export type MaterialApp = Pick<AppRecord, 'id' | 'linksEnable' | 'materialReviewEnable'>;

/** JSON with object keys sorted at every level: equal content, equal text, whatever order the keys came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** The duplicate key of a material's content: its data and its languages. */
export function contentHash(data: Record<string, unknown>, languages: MultiLangEntry[]): string {
  return createHash('sha256').update(canonical({ data, languages })).digest('hex');
}

export const materialNotFound = () => new ApiError(ErrorCodes.MATERIAL_NOT_FOUND);

export const materialExists = (id: number) =>
  new ApiError(
    ErrorCodes.MATERIAL_EXISTS,
    (lang) =>
      errorWithDetail(
        ErrorCodes.MATERIAL_EXISTS,
        lang,
        {
          en: `material ${id} has the same content`,
          zh: `素材 ${id} 内容相同`,
          fr: `le matériel ${id} a le même contenu`,
        }[lang],
      ),
    { materialId: id },
  );

/**
 * The content rule of checkMaterialContent (400 naming the first field that is wrong), the app's link switch, the
 * message it was built from; the content as it is stored, with its duplicate key.
 */
export async function prepareMaterial(
  app: MaterialApp,
  body: MaterialSave,
  messageOfApp: (appId: number, msgId: number) => Promise<boolean>,
  /** the variables the app's templates may name (issue 33 §4) */
  variables?: ReadonlySet<string>,
): Promise<MaterialContent> {
  const { issues, normalised } = checkMaterialContent(body, variables);
  const issue = issues[0];
  if (issue) throw fieldError(issue.path, issue.message);
  const data = normalised ?? body.data;
  if (data.noti_open_type === 2 && !app.linksEnable)
    throw fieldError('data.noti_open_type', 'links are not allowed for this app');
  if (body.msgId !== undefined && !(await messageOfApp(app.id, body.msgId)))
    throw fieldError('msgId', 'is not a message of this app');
  // the languages a message would send: none unless multi-language is on
  const languages = body.multiLangEnable ? body.multiLangContent : [];
  return {
    materialType: body.materialType,
    title: body.title,
    attribute: body.attribute,
    data,
    multiLangEnable: body.multiLangEnable,
    multiLangContent: languages,
    pushCountrySet: body.nationalAttributes.pushCountrySet,
    notPushCountrySet: body.nationalAttributes.notPushCountrySet,
    contentCreateType: body.contentCreateType,
    contentHash: contentHash(data, languages),
  };
}
