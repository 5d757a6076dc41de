import {
  type ConditionDraft,
  type GaidListInfo,
  type MaterialDetail,
  MaterialType,
  type MessageDetail,
  MessageType,
  type MultiLangEntry,
  BEST_HOUR,
  ScheduleType,
  TARGETING_TYPES,
  TargetingType,
  contentCreatorOf,
} from '@beacon/shared';
import { crossFromData, emptyCross, type CrossValues } from './cross-values';

export type Design = 1 | 3;
export type ExType = 1 | 2 | 3;
export type OpenType = 1 | 2 | 3;
export type RestrictType = 1 | 2 | 3;

/** A stored GAID list (file targeting): at least its origin; name and counts once known. */
export type GaidListValue = Partial<GaidListInfo> & { origin: string };

export interface ButtonValue {
  type: 1 | 2;
  txt: string;
  content: string;
}

/** One other app of an app-group send as the apps picker holds it. */
export interface GroupCountDraft {
  appId: number;
  pushCount: number | null;
}

/** One language's content in the multi-language editor. */
export interface LangValue {
  title?: string;
  desc?: string;
  extra?: string;
  button?: string;
  buttonExtra?: Array<string | undefined>;
}

/**
 * The compose form's state: what the operator edits, before it becomes a MessageSave payload (a notification's
 * fields, or a cross message's: CrossValues).
 */
export interface ComposeValues extends CrossValues {
  /** The message's name in lists (`title` of the payload, ≤ 100). */
  description: string;
  msgRestrictType: RestrictType;
  design: Design;
  title: string;
  desc: string;
  smallIcon: string;
  smallIconColor: string;
  icon: string;
  button: string;
  exType: ExType;
  exText: string;
  exImage: string;
  optionalIcon: string;
  openType: OpenType;
  openContent: string;
  buttons: ButtonValue[];
  multiLang: boolean;
  languages: string[];
  langContent: Record<string, LangValue | undefined>;
  targetingType: TargetingType;
  conditions: ConditionDraft[];
  groupId: number | undefined;
  userIdsText: string;
  /** Type 6: the uploaded list. */
  fileList: GaidListValue | undefined;
  /** Type 7: the link as typed, and the list fetched from it (current while its `link` is the typed one). */
  fileLink: string;
  linkList: GaidListValue | undefined;
  pushCount: number | null;
  /** An app-group send (docs/group-sends.md): the group, and the other apps ticked with their expected counts. */
  appGroupId: number | undefined;
  groupCounts: GroupCountDraft[];
  scheduleType: ScheduleType;
  scheduleDate: string;
  scheduleUTC: string;
  ttlHours: number | null;
  slowPush: boolean;
  speedLimit: number | null;
  /** best hour (schedule type 4): the % of the audience sent at once as the control group */
  controlShare: number | null;
  /** the message's own control share (%): held out of the send, measured against (issue 34 §1); 0 none */
  holdoutShare: number | null;
  priority: number | null;
  /**
   * 1 once a suggestion of the AI assistant filled the content (set by the assistant, or loaded with a saved message);
   * sent as contentCreateType when 1. Absent from an edit, the server keeps what it stored.
   */
  contentCreateType?: 0 | 1 | undefined;
}

export const DEFAULT_TTL_HOURS = 12;
export const DEFAULT_SPEED = 1000;
export const MAX_BUTTONS = 3;

/** A new message: system design, start the app, everyone, now, 12 h. */
export function emptyCompose(serverUTC: string, forcedTargeting?: TargetingType): ComposeValues {
  return {
    description: '',
    msgRestrictType: 1,
    design: 1,
    title: '',
    desc: '',
    smallIcon: '',
    smallIconColor: '',
    icon: '',
    button: '',
    exType: 1,
    exText: '',
    exImage: '',
    optionalIcon: '',
    openType: 1,
    openContent: '',
    buttons: [],
    multiLang: false,
    languages: [],
    langContent: {},
    targetingType: forcedTargeting ?? TargetingType.EVERYONE,
    conditions: [],
    groupId: undefined,
    userIdsText: '',
    fileList: undefined,
    fileLink: '',
    linkList: undefined,
    pushCount: null,
    appGroupId: undefined,
    groupCounts: [],
    scheduleType: ScheduleType.NOW,
    scheduleDate: '',
    scheduleUTC: serverUTC,
    ttlHours: DEFAULT_TTL_HOURS,
    slowPush: false,
    speedLimit: DEFAULT_SPEED,
    controlShare: BEST_HOUR.controlShareDefault,
    holdoutShare: 0,
    priority: null,
    ...emptyCross('notification'),
  };
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const pick = <T extends number>(v: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(v as T) ? (v as T) : fallback;

function buttonsOf(raw: unknown): ButtonValue[] {
  const content = (raw as { content?: unknown } | undefined)?.content;
  if (!Array.isArray(content)) return [];
  return content.slice(0, MAX_BUTTONS).map((b: { type?: unknown; txt?: unknown; content?: unknown }) => ({
    type: pick(b.type, [1, 2] as const, 1),
    txt: str(b.txt),
    content: str(b.content),
  }));
}

/** The content fields of the form: a notification's noti_* fields and languages, or a cross message's JSON. */
export type ContentValues = Pick<
  ComposeValues,
  | 'design'
  | 'title'
  | 'desc'
  | 'smallIcon'
  | 'smallIconColor'
  | 'icon'
  | 'button'
  | 'exType'
  | 'exText'
  | 'exImage'
  | 'optionalIcon'
  | 'openType'
  | 'openContent'
  | 'buttons'
  | 'multiLang'
  | 'languages'
  | 'langContent'
> &
  Partial<CrossValues>;

/**
 * The form's content for saved `data` and languages (a message's or a material's): the notification fields, and a
 * cross message's JSON when `cross`.
 */
export function contentFromData(
  data: Record<string, unknown>,
  multiLangEnable: boolean,
  multiLangContent: readonly MultiLangEntry[],
  cross: boolean,
): ContentValues {
  const langContent: Record<string, LangValue> = {};
  for (const entry of multiLangContent) {
    langContent[entry.lang] = {
      title: entry.title,
      desc: entry.desc,
      extra: entry.extra,
      button: entry.button,
      buttonExtra: [...entry.buttonExtra],
    };
  }
  return {
    design: pick(data.noti_type, [1, 3] as const, 1),
    title: str(data.noti_title),
    desc: str(data.noti_desc),
    smallIcon: str(data.noti_small_icon),
    smallIconColor: str(data.noti_small_icon_color),
    icon: Array.isArray(data.noti_icon) ? str(data.noti_icon[0]) : str(data.noti_icon),
    button: str(data.noti_btn),
    exType: pick(data.noti_ex_type, [1, 2, 3] as const, 1),
    exText: str(data.noti_txt_ex),
    exImage: str(data.noti_img_ex),
    optionalIcon: str(data.noti_optional_icon),
    openType: pick(data.noti_open_type, [1, 2, 3] as const, 1),
    openContent: str(data.noti_open_content),
    buttons: buttonsOf(data.noti_btn_ex),
    multiLang: multiLangEnable,
    languages: multiLangContent.map((e) => e.lang),
    langContent,
    ...(cross ? crossFromData(data) : {}),
  };
}

/**
 * The form for a saved message: `edit` keeps everything; `copy` (part 2 §4) drops the schedule date, since the id is
 * never part of the form.
 */
export function composeFromDetail(d: MessageDetail, act: 'edit' | 'copy', serverUTC: string): ComposeValues {
  const base = emptyCompose(serverUTC);
  const scheduleType = pick(
    d.scheduleType,
    [ScheduleType.NOW, ScheduleType.AT_TIME, ScheduleType.LOCAL_TIME, ScheduleType.BEST_HOUR] as const,
    ScheduleType.NOW,
  );
  return {
    ...base,
    description: d.title,
    msgRestrictType: pick(d.msgRestrictType, [1, 2, 3] as const, 1),
    ...contentFromData(d.data, d.multiLangEnable, d.multiLangContent, false),
    targetingType: pick(d.targetingType, TARGETING_TYPES, TargetingType.EVERYONE),
    conditions: d.conditions.map((c) => ({
      label: c.label,
      op: c.op,
      values: [...c.values],
      allSelected: c.allSelected,
      dmp: c.dmp,
    })),
    groupId: d.groupId ?? undefined,
    userIdsText: d.userIds.join('\n'),
    fileList:
      d.targetingType === TargetingType.FILE_UPLOAD && d.fileOrigin ? { origin: d.fileOrigin } : undefined,
    fileLink: d.fileLink,
    linkList:
      d.targetingType === TargetingType.FILE_LINK && d.fileOrigin
        ? { origin: d.fileOrigin, link: d.fileLink }
        : undefined,
    pushCount: d.pushCount,
    // edit has no scope and a copy starts as one app's message: the apps are picked again
    appGroupId: undefined,
    groupCounts: [],
    scheduleType,
    scheduleDate: act === 'copy' ? '' : (d.scheduleDate ?? '').replace('T', ' ').slice(0, 19),
    scheduleUTC: d.scheduleUTC || serverUTC,
    ttlHours: Math.round(d.timeToLive / 3600) || DEFAULT_TTL_HOURS,
    slowPush: d.speedLimit > 0,
    speedLimit: d.speedLimit > 0 ? d.speedLimit : DEFAULT_SPEED,
    controlShare: d.scheduleType === ScheduleType.BEST_HOUR ? d.controlShare : BEST_HOUR.controlShareDefault,
    holdoutShare: d.holdoutShare,
    priority: d.msgDisplayPrior,
    // the AI mark goes with the content (an edit, a copy, an arm, a material built from it)
    contentCreateType: contentCreatorOf(d),
    ...(d.msgType === MessageType.PASS_THROUGH ? crossFromData(d.data) : {}),
  };
}

/**
 * The content and name of a material (a message composed from it, or the material form): its description as the
 * message's, its notification fields and languages, or a cross material's JSON (type 3).
 */
export function composeFromMaterial(
  m: Pick<MaterialDetail, 'title' | 'materialType' | 'data' | 'multiLangEnable' | 'multiLangContent'>,
): ContentValues & Pick<ComposeValues, 'description'> {
  const cross = m.materialType === MaterialType.CROSS;
  return {
    description: m.title,
    ...contentFromData(m.data, !cross && m.multiLangEnable, cross ? [] : m.multiLangContent, cross),
  };
}
