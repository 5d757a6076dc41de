import {
  completeConditions,
  groupSendTargets,
  MessageType,
  BEST_HOUR,
  ScheduleType,
  TargetingType,
  type AppInfo,
  type MessageSaveInput,
  aiWritten,
  ContentCreator,
} from '@beacon/shared';
import { type ComposeValues } from './compose-values';
import { crossData } from './cross-values';
import { type MessageKind } from './message-kind';
import { normalizeZone } from './schedule';

/** What the payload needs beyond the form: the app's switches, the estimate, the message being edited. */
export interface ComposeContext {
  app: Pick<
    AppInfo,
    | 'linksEnable'
    | 'localTimeEnable'
    | 'displayPriorityEnable'
    | 'multiLangEnable'
    | 'serverUTC'
    | 'projectLevel'
    | 'advanceTarget'
  >;
  /** The live audience estimate (`targetMax`), when known. */
  estimate: number | undefined;
  now: number;
  /** Set when editing (act=edit). */
  id?: number | undefined;
  materialId?: number | undefined;
  /** What the form composes: a notification unless told. */
  kind?: MessageKind | undefined;
  /** The variables the app's templates may name (msg/template/values); unknown: any variable passes here. */
  templateVariables?: ReadonlySet<string> | undefined;
}

/** The kind a context composes. */
export const kindOf = (ctx: Pick<ComposeContext, 'kind'>): MessageKind => ctx.kind ?? 'notification';

/** Device ids typed one per line: trimmed, blank lines dropped. */
export function parseUserIds(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/** The typed file link was fetched: the stored list came from exactly this link. */
export function isLinkChecked(v: Pick<ComposeValues, 'fileLink' | 'linkList'>): boolean {
  return v.linkList !== undefined && v.fileLink.trim() !== '' && v.linkList.link === v.fileLink.trim();
}

/** The notification's `data` (the noti_* fields of part 2 §3), with only the fields of the chosen design. */
export function notificationData(v: ComposeValues): Record<string, unknown> {
  const system = v.design === 1;
  const buttons = v.buttons.map((b) => ({ type: b.type, txt: b.txt.trim(), content: b.content.trim() }));
  return {
    noti_type: v.design,
    noti_title: v.title.trim(),
    noti_desc: v.desc.trim(),
    noti_small_icon: system ? v.smallIcon : '',
    noti_small_icon_color: system && v.smallIcon ? v.smallIconColor.trim().toUpperCase() : '',
    noti_icon: system ? '' : v.icon,
    noti_btn: system ? '' : v.button.trim(),
    noti_ex_type: v.exType,
    noti_txt_ex: v.exType === 2 ? v.exText.trim() : '',
    noti_img_ex: v.exType === 3 ? v.exImage : '',
    noti_optional_icon: v.exType === 3 ? '' : v.optionalIcon,
    noti_open_type: v.openType,
    noti_open_content: v.openContent.trim(),
    ...(buttons.length > 0 ? { noti_btn_ex: { content: buttons } } : {}),
  };
}

/**
 * The languages whose content is sent: the chosen ones, when the app and the form enable multi-language (notifications
 * only: a cross message's content is one JSON object).
 */
export function activeLanguages(v: ComposeValues, ctx: ComposeContext): string[] {
  return kindOf(ctx) === 'notification' && ctx.app.multiLangEnable && v.multiLang ? v.languages : [];
}

/**
 * Builds the MessageSave payload (part 2 §3) from the form: a notification's noti_* data or a cross message's
 * (msgType 2, crossData), only the chosen targeting type's data, the schedule
 * date only when scheduled (local time sent in +0000), TTL in seconds, speed limit 0 unless slow push is on,
 * display priority only when the app enables it.
 */
export function buildMessageSave(v: ComposeValues, ctx: ComposeContext): MessageSaveInput {
  const type = v.targetingType;
  const languages = activeLanguages(v, ctx);
  const kind = kindOf(ctx);
  return {
    ...(ctx.id ? { id: ctx.id } : {}),
    ...(ctx.materialId ? { materialId: ctx.materialId } : {}),
    msgType: kind === 'notification' ? MessageType.NOTIFICATION : MessageType.PASS_THROUGH,
    data: kind === 'notification' ? notificationData(v) : crossData(v, kind),
    title: v.description.trim(),
    msgRestrictType: v.msgRestrictType,
    targetingType: type,
    conditions: type === TargetingType.CONDITIONS ? completeConditions(v.conditions) : [],
    ...(type === TargetingType.USER_GROUP && v.groupId ? { groupId: v.groupId } : {}),
    userIds: type === TargetingType.DEVICES ? parseUserIds(v.userIdsText) : [],
    fileOrigin:
      type === TargetingType.FILE_UPLOAD
        ? (v.fileList?.origin ?? '')
        : type === TargetingType.FILE_LINK && isLinkChecked(v)
          ? (v.linkList?.origin ?? '')
          : '',
    fileLink: type === TargetingType.FILE_LINK ? v.fileLink.trim() : '',
    pushCount: v.pushCount ?? 0,
    targetCount: ctx.estimate ?? 0,
    ...(!ctx.id && v.appGroupId !== undefined && groupSendTargets(type)
      ? {
          appGroupId: v.appGroupId,
          groupCounts: v.groupCounts.map((c) => ({ appId: c.appId, pushCount: c.pushCount ?? 0 })),
        }
      : {}),
    scheduleType: v.scheduleType,
    ...(v.scheduleType === ScheduleType.NOW || v.scheduleType === ScheduleType.BEST_HOUR
      ? {}
      : { scheduleDate: v.scheduleDate }),
    ...(v.scheduleType === ScheduleType.BEST_HOUR
      ? { controlShare: v.controlShare ?? BEST_HOUR.controlShareDefault }
      : {}),
    // a message's own control share: only when set (an A/B arm's form has none)
    ...(v.holdoutShare ? { holdoutShare: v.holdoutShare } : {}),
    scheduleUTC:
      v.scheduleType === ScheduleType.LOCAL_TIME ? '+0000' : normalizeZone(v.scheduleUTC, ctx.app.serverUTC),
    timeToLive: (v.ttlHours ?? 12) * 3600,
    speedLimit: v.slowPush ? (v.speedLimit ?? 0) : 0,
    ...(ctx.app.displayPriorityEnable && v.priority !== null
      ? { msgDisplayPrior: Math.floor(v.priority) }
      : {}),
    ...(aiWritten(v) ? { contentCreateType: ContentCreator.AI } : {}),
    multiLangEnable: languages.length > 0,
    multiLangContent: languages.map((lang) => {
      const c = v.langContent[lang];
      return {
        lang,
        title: (c?.title ?? '').trim(),
        desc: (c?.desc ?? '').trim(),
        extra: v.design === 1 && v.exType === 2 ? (c?.extra ?? '').trim() : '',
        button: v.design === 3 ? (c?.button ?? '').trim() : '',
        buttonExtra: v.buttons.map((_, i) => (c?.buttonExtra?.[i] ?? '').trim()),
      };
    }),
  };
}
