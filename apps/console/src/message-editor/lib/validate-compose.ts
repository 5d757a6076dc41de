import { type z } from 'zod';
import {
  BEST_HOUR,
  CONTROL_GROUP_LIMITS,
  conditionIssues,
  completeConditions,
  CrossData,
  groupSendTargets,
  GAID_PATTERN,
  GaidLink,
  HoldoutShare,
  MESSAGE_LIMITS,
  MessageSave,
  NotificationData,
  PushSpeed,
  ScheduleType,
  TargetingType,
  TESTER_TARGETING,
  TEXT_PROBLEM_MESSAGES,
  checkContentTemplates,
  linkHasSpace,
} from '@beacon/shared';
import {
  activeLanguages,
  buildMessageSave,
  isLinkChecked,
  kindOf,
  parseUserIds,
  type ComposeContext,
} from './build-payload';
import type { ComposeIssue, FieldName } from './compose-issue';
import { type ComposeValues } from './compose-values';
import { scheduleProblem } from './schedule';
import { crossIssues } from './validate-cross';

export type { ComposeIssue, FieldName };

/** The form's fields in screen order, so that the first issue is the one highest on the page. */
const FIELD_ORDER = [
  'enlivePackage',
  'enliveActivity',
  'enliveJson',
  'crossJson',
  'description',
  'design',
  'smallIcon',
  'smallIconColor',
  'icon',
  'button',
  'title',
  'desc',
  'exType',
  'exText',
  'exImage',
  'optionalIcon',
  'openType',
  'openContent',
  'buttons',
  'languages',
  'langContent',
  'targetingType',
  'conditions',
  'userIdsText',
  'groupId',
  'fileList',
  'fileLink',
  'pushCount',
  'appGroupId',
  'groupCounts',
  'scheduleType',
  'scheduleDate',
  'scheduleUTC',
  'ttlHours',
  'speedLimit',
  'msgRestrictType',
  'priority',
];

const DATA_FIELDS: Record<string, string> = {
  noti_title: 'title',
  noti_desc: 'desc',
  noti_small_icon: 'smallIcon',
  noti_small_icon_color: 'smallIconColor',
  noti_icon: 'icon',
  noti_btn: 'button',
  noti_txt_ex: 'exText',
  noti_img_ex: 'exImage',
  noti_optional_icon: 'optionalIcon',
  noti_open_type: 'openType',
  noti_open_content: 'openContent',
  noti_ex_type: 'exType',
  noti_type: 'design',
  trans_data: 'crossJson',
  enlive_package: 'enlivePackage',
  enlive_activity: 'enliveActivity',
  enlive_data: 'enliveJson',
};

const PAYLOAD_FIELDS: Record<string, string> = {
  title: 'description',
  pushCount: 'pushCount',
  userIds: 'userIdsText',
  conditions: 'conditions',
  groupId: 'groupId',
  scheduleDate: 'scheduleDate',
  scheduleUTC: 'scheduleUTC',
  timeToLive: 'ttlHours',
  msgDisplayPrior: 'priority',
  speedLimit: 'speedLimit',
  targetingType: 'targetingType',
  fileLink: 'fileLink',
  scheduleType: 'scheduleType',
  msgRestrictType: 'msgRestrictType',
  appGroupId: 'appGroupId',
  groupCounts: 'groupCounts',
};

/** Maps a payload path (zod issue path or a server field such as `data.noti_title`) to the form field it came from. */
export function fieldOfPath(path: ReadonlyArray<PropertyKey>, v: ComposeValues): FieldName | undefined {
  const [head, ...rest] = path.map((p) => (typeof p === 'symbol' ? '' : p));
  if (head === 'data') return fieldOfPath(rest, v);
  if (typeof head !== 'string') return undefined;
  if (head === 'noti_btn_ex')
    return typeof rest[1] === 'number' && (rest[2] === 'txt' || rest[2] === 'content')
      ? ['buttons', rest[1], rest[2]]
      : ['buttons'];
  if (DATA_FIELDS[head]) return [DATA_FIELDS[head]];
  if (head === 'fileOrigin') return [v.targetingType === TargetingType.FILE_LINK ? 'fileLink' : 'fileList'];
  if (head === 'multiLangContent') {
    // the list itself (more languages than a message holds) is the languages field's
    if (typeof rest[0] !== 'number') return ['languages'];
    const lang = v.languages[rest[0]];
    if (lang === undefined || typeof rest[1] !== 'string') return ['languages'];
    return typeof rest[2] === 'number'
      ? ['langContent', lang, rest[1], rest[2]]
      : ['langContent', lang, rest[1]];
  }
  return PAYLOAD_FIELDS[head] ? [PAYLOAD_FIELDS[head]] : undefined;
}

function keyOfZodIssue(issue: z.core.$ZodIssue, name: FieldName, v: ComposeValues): ComposeIssue {
  const field = name[0];
  if (issue.code === 'too_small') return { name, key: issue.origin === 'number' ? 'positive' : 'required' };
  if (issue.code === 'too_big')
    return {
      name,
      key: issue.origin === 'array' ? 'tooMany' : issue.origin === 'number' ? 'range' : 'tooLong',
      params: { max: Number(issue.maximum) },
    };
  if (issue.code === 'invalid_format') {
    const key =
      field === 'smallIconColor'
        ? 'color'
        : field === 'userIdsText'
          ? 'gaid'
          : field === 'openContent' || field === 'buttons'
            ? 'noSpace'
            : 'invalid';
    return { name, key, params: { message: issue.message } };
  }
  if (issue.code === 'invalid_type') return { name, key: 'required' };
  if (issue.code === 'custom') {
    // a character no text may hold (control, direction override), or nothing visible: the shared rule's words
    if (Object.values<string>(TEXT_PROBLEM_MESSAGES).includes(issue.message))
      return { name, key: 'invalid', params: { message: issue.message } };
    if (field === 'openContent') return { name, key: v.openType === 1 ? 'notHttp' : 'mustHttp' };
    if (field === 'buttons' && typeof name[1] === 'number')
      return { name, key: v.buttons[name[1]]?.type === 1 ? 'notHttp' : 'mustHttp' };
    return { name, key: 'required' };
  }
  return { name, key: 'invalid', params: { message: issue.message } };
}

/** Any variable passes while the app's are not known yet: the syntax, tags and filters are still checked. */
const ANY_VARIABLE = { has: () => true } as unknown as ReadonlySet<string>;

/**
 * Personalised content (issue 33 §4): the first template of the content that breaks the shared rule, at its field,
 * as the save would refuse it (an unknown variable, a tag, a filter not allowed, a syntax error).
 */
function templateIssues(
  payload: ReturnType<typeof buildMessageSave>,
  v: ComposeValues,
  ctx: ComposeContext,
): ComposeIssue[] {
  const bad = checkContentTemplates(
    {
      data: payload.data,
      multiLangContent: payload.multiLangEnable ? (payload.multiLangContent ?? []) : [],
    },
    ctx.templateVariables ?? ANY_VARIABLE,
  );
  if (!bad) return [];
  const name = fieldOfPath(
    bad.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
    v,
  );
  if (!name) return [];
  const p = bad.problem;
  return [
    p.kind === 'syntax'
      ? { name, key: 'templateSyntax', params: { detail: p.detail } }
      : p.kind === 'tag'
        ? { name, key: 'templateTag', params: { name: p.name } }
        : p.kind === 'filter'
          ? { name, key: 'templateFilter', params: { name: p.name } }
          : { name, key: 'templateVariable', params: { name: p.name } },
  ];
}

function ownIssues(v: ComposeValues, ctx: ComposeContext): ComposeIssue[] {
  const out: ComposeIssue[] = [];
  const add = (name: FieldName, key: string, params?: ComposeIssue['params']) =>
    out.push(params ? { name, key, params } : { name, key });
  if (kindOf(ctx) === 'notification') {
    if (!v.openContent.trim()) add(['openContent'], 'required');
    else if (linkHasSpace(v.openContent.trim())) add(['openContent'], 'noSpace');
    if (v.openType === 2 && !ctx.app.linksEnable) add(['openType'], 'linksDisabled');
    v.buttons.forEach((b, i) => {
      if (!b.content.trim()) add(['buttons', i, 'content'], 'required');
      else if (linkHasSpace(b.content.trim())) add(['buttons', i, 'content'], 'noSpace');
      if (b.type === 2 && !ctx.app.linksEnable) add(['buttons', i, 'type'], 'linksDisabled');
    });
  } else out.push(...crossIssues(v, kindOf(ctx)));
  // role 500 may only target device ids, an uploaded file or a file link (part 2 §6)
  if (ctx.app.projectLevel === 500 && !TESTER_TARGETING.includes(v.targetingType))
    add(['targetingType'], 'testerTargeting');
  if (v.targetingType === TargetingType.FILE_UPLOAD && !v.fileList?.origin) add(['fileList'], 'fileRequired');
  if (v.targetingType === TargetingType.FILE_LINK) {
    if (!v.fileLink.trim()) add(['fileLink'], 'linkRequired');
    else if (!GaidLink.safeParse(v.fileLink).success) add(['fileLink'], 'linkInvalid');
    else if (!isLinkChecked(v)) add(['fileLink'], 'linkUnchecked');
  }
  if (v.targetingType === TargetingType.CONDITIONS) {
    const rows = completeConditions(v.conditions);
    if (rows.length === 0) add(['conditions'], 'conditionsRequired');
    else if (conditionIssues(rows, ctx.app.advanceTarget).length > 0)
      add(['conditions'], 'conditionsInvalid');
  }
  if (v.targetingType === TargetingType.DEVICES) {
    const ids = parseUserIds(v.userIdsText);
    const bad = ids.findIndex((id) => !GAID_PATTERN.test(id));
    if (ids.length === 0) add(['userIdsText'], 'userIdsRequired');
    else if (ids.length > MESSAGE_LIMITS.userIdsMax)
      add(['userIdsText'], 'userIdsTooMany', { max: MESSAGE_LIMITS.userIdsMax });
    else if (bad >= 0) add(['userIdsText'], 'gaidLine', { line: bad + 1 });
  }
  if (v.targetingType === TargetingType.USER_GROUP && !v.groupId) add(['groupId'], 'groupRequired');
  if (v.pushCount === null) add(['pushCount'], 'required');
  else if (!Number.isInteger(v.pushCount)) add(['pushCount'], 'integer');
  else if (v.pushCount <= 0) add(['pushCount'], 'positive');
  else if (ctx.estimate !== undefined && v.pushCount > ctx.estimate)
    add(['pushCount'], 'overEstimate', { max: ctx.estimate });
  if (!ctx.id && v.appGroupId !== undefined && groupSendTargets(v.targetingType)) {
    if (v.groupCounts.length === 0) add(['groupCounts'], 'groupAppsRequired');
    else if (v.groupCounts.some((c) => c.pushCount === null || c.pushCount <= 0))
      add(['groupCounts'], 'groupCountRequired');
  }
  const schedule = scheduleProblem(v.scheduleType, v.scheduleDate, v.scheduleUTC, v.targetingType, ctx.now);
  if (schedule === 'localWithFile') add(['scheduleType'], schedule);
  else if (schedule) add(['scheduleDate'], schedule);
  if (v.scheduleType === ScheduleType.LOCAL_TIME && !ctx.app.localTimeEnable)
    add(['scheduleType'], 'localDisabled');
  if (v.ttlHours !== null && (!Number.isInteger(v.ttlHours) || v.ttlHours < 1 || v.ttlHours > 12))
    add(['ttlHours'], 'ttlRange');
  // the shares by their rules in the contract, so that an out-of-range share is named here, not clamped by its input
  if (v.holdoutShare !== null && !HoldoutShare.safeParse(v.holdoutShare).success)
    add(['holdoutShare'], 'shareRange', { min: 0, max: CONTROL_GROUP_LIMITS.holdoutMax });
  if (
    v.scheduleType === ScheduleType.BEST_HOUR &&
    v.controlShare !== null &&
    !MessageSave.shape.controlShare.safeParse(v.controlShare).success
  )
    add(['controlShare'], 'shareRange', { min: BEST_HOUR.controlShareMin, max: BEST_HOUR.controlShareMax });
  if (v.slowPush) {
    // slow push on: a speed is required, and 0 (no limit) is the switch's off position, not a speed
    if (v.speedLimit === null || v.speedLimit === 0 || !PushSpeed.safeParse(v.speedLimit).success) {
      add(['speedLimit'], 'speedRange', { min: MESSAGE_LIMITS.speedMin, max: MESSAGE_LIMITS.speedMax });
    }
  }
  if (ctx.app.displayPriorityEnable) {
    if (v.priority === null) add(['priority'], 'required');
    else if (v.priority < 0 || v.priority > 9) add(['priority'], 'priorityRange');
  }
  if (kindOf(ctx) === 'notification' && ctx.app.multiLangEnable && v.multiLang && v.languages.length === 0)
    add(['languages'], 'languagesRequired');
  return out;
}

const sameName = (a: FieldName, b: FieldName) => a.length === b.length && a.every((p, i) => p === b[i]);
const orderOf = (name: FieldName) => {
  const i = FIELD_ORDER.indexOf(String(name[0]));
  return i < 0 ? FIELD_ORDER.length : i;
};

/**
 * Every problem of the compose form, one per field, in screen order: the form's own rules (targeting, count,
 * schedule, speed, priority, links, roles, a cross message's JSON) first, then the shared NotificationData (or
 * CrossData) and MessageSave schemas run on the payload that buildMessageSave makes — so what passes here is what the
 * server accepts.
 */
export function validateCompose(v: ComposeValues, ctx: ComposeContext): ComposeIssue[] {
  const issues = ownIssues(v, ctx);
  const payload = buildMessageSave(v, ctx);
  const data =
    kindOf(ctx) === 'notification'
      ? NotificationData.safeParse(payload.data)
      : CrossData.safeParse(payload.data);
  const save = MessageSave.safeParse(payload);
  const zodIssues = [
    ...(data.success ? [] : data.error.issues.map((i) => ({ ...i, path: ['data', ...i.path] }))),
    ...(save.success ? [] : save.error.issues),
  ];
  for (const issue of zodIssues) {
    const name = fieldOfPath(issue.path, v);
    if (name) issues.push(keyOfZodIssue(issue, name, v));
  }
  issues.push(...templateIssues(payload, v, ctx));
  if (activeLanguages(v, ctx).length > 0) {
    // per-language extra-button texts are checked by the schema only when present; an empty one is required
    v.languages.forEach((lang) =>
      v.buttons.forEach((_, i) => {
        if (!v.langContent[lang]?.buttonExtra?.[i]?.trim())
          issues.push({ name: ['langContent', lang, 'buttonExtra', i], key: 'required' });
      }),
    );
  }
  const unique: ComposeIssue[] = [];
  for (const issue of issues) if (!unique.some((u) => sameName(u.name, issue.name))) unique.push(issue);
  return unique.sort((a, b) => orderOf(a.name) - orderOf(b.name));
}

/** The issue at one field, if any. */
export function issueAt(issues: readonly ComposeIssue[], name: FieldName): ComposeIssue | undefined {
  return issues.find((i) => sameName(i.name, name));
}
