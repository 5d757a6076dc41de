import {
  contentCheckCode,
  CrossData,
  ErrorCodes,
  errorWithDetail,
  MaterialType,
  MESSAGE_LIMITS,
  MessageType,
  NotificationData,
  PushSpeed,
  type ContentByLanguage,
  type ContentCheckResult,
  type MessageSave,
  type NationalAttributes,
  checkContentTemplates,
  templateSlots,
  templateVariables,
} from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import type { AppRecord } from '../apps';
import type { UsableMaterial } from '../materials';

/** One message as the service saves it: msg/save without the group-send fields (group-sends.service.ts). */
export type OneMessage = Omit<MessageSave, 'appGroupId' | 'groupCounts'> & {
  /**
   * A group send's child (group-sends.service.ts): the national attributes of the material its parent was composed
   * from, in the parent's app (the material is not the child's app's to link).
   */
  parentMaterialCountries?: NationalAttributes | undefined;
};

/** The sensitive-word check of the platform and the app's lists (modules/sensitive-words). */
export type ContentCheck = (appId: number, content: ContentByLanguage) => Promise<ContentCheckResult>;

/** Sensitive words: 60000 (platform list), 60001 (app list), or 60003 a manager may force with forceCreate. */
export async function checkMessageWords(
  check: ContentCheck | undefined,
  app: AppRecord,
  input: OneMessage,
  projectLevel: number,
): Promise<void> {
  if (!check) return;
  const d = input.data;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const buttons = ((d.noti_btn_ex as { content?: Array<{ txt: string }> } | undefined)?.content ?? []).map(
    (b) => b.txt,
  );
  const content: ContentByLanguage = {
    default: {
      title: str(d.noti_title),
      desc: str(d.noti_desc),
      extra: str(d.noti_txt_ex),
      buttons: [str(d.noti_btn), ...buttons].filter(Boolean),
    },
  };
  for (const e of input.multiLangEnable ? input.multiLangContent : []) {
    content[e.lang] = {
      title: e.title,
      desc: e.desc,
      extra: e.extra,
      buttons: [e.button, ...e.buttonExtra].filter(Boolean),
    };
  }
  const result = await check(app.id, content);
  const code = contentCheckCode(result, { mayForce: projectLevel <= 300 });
  if (code === undefined || (code === ErrorCodes.CONTENT_NEEDS_REVIEW && input.forceCreate)) return;
  const words = [...result.platform, ...result.app].flatMap((v) => v.words);
  throw new ApiError(code, (lang) => errorWithDetail(code, lang, [...new Set(words)].join(', ')), {
    violations: result,
  });
}

/** The content a message carries, by its kind (NotificationData or CrossData), normalised in place; 400 naming the field. */
export function checkMessageData(app: AppRecord, input: OneMessage): void {
  if (input.msgType === MessageType.NOTIFICATION) {
    const parsed = NotificationData.safeParse(input.data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw fieldError(`data.${(issue?.path ?? []).join('.')}`, issue?.message ?? 'is invalid');
    }
    if (parsed.data.noti_open_type === 2 && !app.linksEnable)
      throw fieldError('data.noti_open_type', 'links are not allowed for this app');
    input.data = parsed.data;
  } else {
    // a cross message (and a pull-up): the device receives exactly this data, beside the tcm_* keys
    const parsed = CrossData.safeParse(input.data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.code === 'unrecognized_keys' ? [issue.keys[0]] : (issue?.path ?? []);
      const message =
        issue?.code === 'unrecognized_keys' ? 'is not a key of a cross message' : issue?.message;
      throw fieldError(`data.${path.join('.')}`, message ?? 'is invalid');
    }
    input.data = parsed.data;
  }
  if (input.multiLangEnable && input.multiLangContent.length === 0)
    throw fieldError('multiLangContent', 'must hold at least one language');
}

/** The variables an app's templates may name (@beacon/shared templateVariables, with the app's attribute keys). */
export type TemplateVariables = (appId: number) => Promise<ReadonlySet<string>>;

/**
 * Personalised content (issue 33 §4): every template of the message's content parses, uses only outputs and the
 * allowed filters, and names only variables the app knows; else 400 naming the field and the variable.
 */
export async function checkMessageTemplates(
  variables: TemplateVariables | undefined,
  app: AppRecord,
  input: Pick<OneMessage, 'data' | 'multiLangEnable' | 'multiLangContent'>,
): Promise<void> {
  const content = { data: input.data, multiLangContent: input.multiLangEnable ? input.multiLangContent : [] };
  if (templateSlots(content).length === 0) return;
  const known = variables ? await variables(app.id) : templateVariables([]);
  const bad = checkContentTemplates(content, known);
  if (bad) throw fieldError(bad.field, bad.problem.message);
}

/** The material a message is composed from (modules/materials): passed and of the app, or ApiError 25102. */
export type MaterialSource = (appId: number, materialId: number) => Promise<UsableMaterial>;

/**
 * The material the message links (materialId): passed, of this app and of the message's kind (type 3 a cross
 * message, 1 and 2 a notification), else 400 naming materialId or 25102; undefined without one.
 */
export async function linkedMaterial(
  source: MaterialSource | undefined,
  app: AppRecord,
  input: OneMessage,
): Promise<UsableMaterial | undefined> {
  if (input.materialId === undefined) return undefined;
  if (!source) throw fieldError('materialId', 'materials are not available here');
  const material = await source(app.id, input.materialId);
  const cross = material.materialType === MaterialType.CROSS;
  if (cross !== (input.msgType === MessageType.PASS_THROUGH))
    throw fieldError(
      'materialId',
      cross ? 'is a cross material: compose a cross message from it' : 'is a notification material',
    );
  return material;
}

/** The speed limit: 0 (none) or the range the console's field allows; else 21025 saying what to send instead. */
export function checkSpeedLimit(speedLimit: number): void {
  if (PushSpeed.safeParse(speedLimit).success) return;
  const { speedMin: min, speedMax: max } = MESSAGE_LIMITS;
  throw new ApiError(ErrorCodes.SPEED_LIMIT_ILLEGAL, (lang) => {
    if (lang === 'zh') return `发送速度不合法：speedLimit 须为 0（不限速）或每秒 ${min}–${max} 条`;
    if (lang === 'fr')
      return `Vitesse d’envoi invalide : speedLimit vaut 0 (sans limite) ou de ${min} à ${max} par seconde`;
    return `Speed limit illegal: speedLimit must be 0 (no limit) or ${min}–${max} a second`;
  });
}
