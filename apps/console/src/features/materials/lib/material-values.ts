import {
  MaterialType,
  MessageType,
  type MaterialDetail,
  type MaterialSaveInput,
  type MaterialTypeValue,
  type MessageDetail,
  aiWritten,
  ContentCreator,
} from '@beacon/shared';
import {
  buildMessageSave,
  composeFromDetail,
  composeFromMaterial,
  emptyCompose,
  emptyCross,
  type ComposeContext,
  type ComposeValues,
} from '../../../message-editor';

/** What a material holds: a notification (types 1 and 2, by its design) or a cross message (type 3). */
export type MaterialKind = 'notification' | 'cross';

/**
 * The material form: the compose form's content fields (the compose editors edit them), its `description` as the
 * material's, and the material's own fields.
 */
export interface MaterialValues extends ComposeValues {
  materialKind: MaterialKind;
  attribute: string;
  /** National attributes: the countries its messages go to (none: every country), and do not go to. */
  pushCountrySet: string[];
  notPushCountrySet: string[];
}

/** What the form needs of the app (the compose rules read these switches). */
export type MaterialApp = ComposeContext['app'];

/** The type a form's values save as: cross (3), or a notification by its design (system 1, button 2). */
export const materialTypeOf = (v: Pick<MaterialValues, 'materialKind' | 'design'>): MaterialTypeValue =>
  v.materialKind === 'cross'
    ? MaterialType.CROSS
    : v.design === 3
      ? MaterialType.BUTTON
      : MaterialType.SYSTEM;

const kindOfType = (type: number): MaterialKind => (type === MaterialType.CROSS ? 'cross' : 'notification');

/** A new material of a type; a system design starts with the app's default small icon, as a new message does. */
export function emptyMaterial(
  serverUTC: string,
  type: MaterialTypeValue,
  defaultIcon: { icon: string; color: string },
): MaterialValues {
  const system = type === MaterialType.SYSTEM;
  return {
    ...emptyCompose(serverUTC),
    ...emptyCross('cross'),
    materialKind: kindOfType(type),
    design: type === MaterialType.BUTTON ? 3 : 1,
    smallIcon: system ? defaultIcon.icon : '',
    smallIconColor: system && defaultIcon.icon ? defaultIcon.color : '',
    attribute: '',
    pushCountrySet: [],
    notPushCountrySet: [],
  };
}

/** The form for a saved material (edit and copy): its content as compose reads it, and its own fields. */
export function materialFromDetail(d: MaterialDetail, serverUTC: string): MaterialValues {
  return {
    ...emptyMaterial(serverUTC, MaterialType.SYSTEM, { icon: '', color: '' }),
    ...composeFromMaterial(d),
    materialKind: kindOfType(d.materialType),
    attribute: d.attribute,
    pushCountrySet: [...d.nationalAttributes.pushCountrySet],
    notPushCountrySet: [...d.nationalAttributes.notPushCountrySet],
  };
}

/** The form for a material built from a message ("upload as material"): its name and content, as a copy reads them. */
export function materialFromMessage(d: MessageDetail, serverUTC: string): MaterialValues {
  return {
    ...emptyMaterial(serverUTC, MaterialType.SYSTEM, { icon: '', color: '' }),
    ...composeFromDetail(d, 'copy', serverUTC),
    materialKind: d.msgType === MessageType.PASS_THROUGH ? 'cross' : 'notification',
  };
}

/** The compose context of the form's content: the app's switches, the kind; no audience, no schedule. */
export const composeContextOf = (
  v: Pick<MaterialValues, 'materialKind'>,
  app: MaterialApp,
): ComposeContext => ({
  app,
  estimate: undefined,
  now: Date.now(),
  kind: v.materialKind,
});

/** What the save takes besides the form: the message it is built from, whether AI wrote its content. */
export interface SaveExtras {
  msgId?: number | undefined;
  contentCreateType?: 0 | 1 | undefined;
}

/**
 * The MaterialSave of the form: `data` and the languages built exactly as a message's (buildMessageSave over the
 * same fields), the description, attribute and national attributes.
 */
export function buildMaterialSave(
  v: MaterialValues,
  app: MaterialApp,
  extras: SaveExtras = {},
): MaterialSaveInput {
  const message = buildMessageSave(v, composeContextOf(v, app));
  return {
    materialType: materialTypeOf(v),
    title: v.description.trim(),
    attribute: v.attribute.trim(),
    data: message.data,
    multiLangEnable: message.multiLangEnable ?? false,
    multiLangContent: message.multiLangContent ?? [],
    nationalAttributes: { pushCountrySet: v.pushCountrySet, notPushCountrySet: v.notPushCountrySet },
    // 1 when the AI assistant filled the content in this form, or the material copied or edited came from AI
    contentCreateType: aiWritten(message)
      ? ContentCreator.AI
      : (extras.contentCreateType ?? ContentCreator.HAND),
    ...(extras.msgId ? { msgId: extras.msgId } : {}),
  };
}
