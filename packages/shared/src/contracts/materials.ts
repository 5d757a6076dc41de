import { z } from 'zod';
import { defineCall } from '../call';
import { isCountryCode } from '../dictionaries/countries';
import { numberInput } from '../numbers';
import { multiLineText, singleLineText } from '../text';
import { AppIdParams } from './apps';
import { checkContentTemplates } from '../message-templates';
import { CrossData } from './cross-content';
import { MessageListRequest, MultiLangEntry, NotificationData } from './messages';
import { MESSAGE_LIMITS } from './notification-content';

/**
 * The material library (spec part 2 §2 Material, §3 Material, §4 Material, §5 Materials, §6, §7 Materials; issue 14):
 * reusable content of an app — a notification in the system design (type 1) or the button design (type 2), or a
 * cross message (type 3) — with its languages and national attributes (the countries its messages go to, or not).
 * With the app's `materialReviewEnable`, new and edited materials wait at status 3 until a reviewer passes (1) or
 * rejects (4) them; only passed materials are used in compose. Deleted materials (2) sit in the recycle bin until
 * restored or deleted permanently (100). See docs/materials.md.
 */
export const MATERIAL_LIMITS = {
  descriptionMax: 100,
  attributeMax: 128,
  /** material lists, the recycle bin, the audit list and the material report (spec §9) */
  pageSize: 20,
  reasonMax: 200,
  /** countries of one national attribute */
  countriesMax: 250,
  /** the Excel import: at most this many materials, read from row `importFirstRow` (spec §7: 80000–80011) */
  importRowsMax: 30,
  importFirstRow: 4,
  importBytesMax: 2 * 1024 * 1024,
} as const;

/** Material types (spec §3): system design, button (custom) design, cross message. */
export const MaterialType = { SYSTEM: 1, BUTTON: 2, CROSS: 3 } as const;
export type MaterialTypeValue = (typeof MaterialType)[keyof typeof MaterialType];
export const MATERIAL_TYPES = [MaterialType.SYSTEM, MaterialType.BUTTON, MaterialType.CROSS] as const;

/** The notification design (`noti_type`) of each notification material type. */
export const MATERIAL_NOTI_TYPE = { [MaterialType.SYSTEM]: 1, [MaterialType.BUTTON]: 3 } as const;

/** Material status (spec §3). */
export const MaterialStatus = {
  PASSED: 1,
  DELETED: 2,
  AWAITING_AUDIT: 3,
  REJECTED: 4,
  CREATE_FAILED: 5,
  CREATING: 6,
  PURGED: 100,
} as const;

/** How a material was made (spec §3): by hand in the console (or its Excel import), or through the API. */
/** How a material was made: by hand in the console, through the API, or imported from an Excel sheet. */
export const MaterialCreateType = { HANDMADE: 1, API: 2, IMPORTED: 3 } as const;

/** The project levels that open the material screens and create, copy, edit and delete (spec §6). */
export const MATERIAL_LEVELS = [100, 200, 300, 400] as const;
/** The project levels that pass or reject a material at status 3 (spec §6). */
export const MATERIAL_REVIEW_LEVELS = [100, 200, 300] as const;
/** The project levels that restore and delete permanently (spec §6; user level 100 too). */
export const MATERIAL_PURGE_LEVELS = [100, 200, 300] as const;

const countrySet = z
  .array(
    z
      .string()
      .transform((c) => c.trim().toUpperCase())
      .refine(isCountryCode, 'must be ISO 3166-1 alpha-2 country codes'),
  )
  .max(MATERIAL_LIMITS.countriesMax)
  .optional()
  .default([])
  .transform((c) => [...new Set(c)].sort());

/**
 * National attributes: the countries the material's messages go to (empty: every country) and the countries they do
 * not go to. At send time a device outside them is dropped with loss 109 (material country ignored).
 */
export const NationalAttributes = z
  .object({ pushCountrySet: countrySet, notPushCountrySet: countrySet })
  .superRefine((a, ctx) => {
    const both = a.pushCountrySet.filter((c) => a.notPushCountrySet.includes(c));
    if (both.length)
      ctx.addIssue({
        code: 'custom',
        path: ['notPushCountrySet'],
        message: `must not also be in pushCountrySet: ${both.join(', ')}`,
      });
  });
export type NationalAttributes = z.output<typeof NationalAttributes>;
export type NationalAttributesInput = z.input<typeof NationalAttributes>;

/** Whether national attributes let a device of `country` (any case) receive the material's messages. */
export function countryAllowed(a: NationalAttributes, country: string): boolean {
  const c = country.toUpperCase();
  if (a.notPushCountrySet.includes(c)) return false;
  return a.pushCountrySet.length === 0 || a.pushCountrySet.includes(c);
}

/**
 * A material as create, edit, the API and each imported row give it. `data` is a notification's `noti_*` fields
 * (NotificationData, with `noti_type` 1 for type 1 and 3 for type 2) or a cross message's (CrossData), checked by the
 * server with the same rules as a message's content; languages only for notification types.
 */
export const MaterialSave = z.object({
  materialType: z.union([
    z.literal(MaterialType.SYSTEM),
    z.literal(MaterialType.BUTTON),
    z.literal(MaterialType.CROSS),
  ]),
  /** the description (spec §5: required, at most 100) */
  title: singleLineText({ required: true, max: MATERIAL_LIMITS.descriptionMax }),
  attribute: singleLineText({ max: MATERIAL_LIMITS.attributeMax }).optional().default(''),
  data: z.record(z.string(), z.unknown()),
  multiLangEnable: z.boolean().optional().default(false),
  multiLangContent: z.array(MultiLangEntry).max(MESSAGE_LIMITS.languagesMax).optional().default([]),
  nationalAttributes: NationalAttributes.optional().default({ pushCountrySet: [], notPushCountrySet: [] }),
  /** 1 when AI content was used */
  contentCreateType: z
    .union([z.literal(0), z.literal(1)])
    .optional()
    .default(0),
  /** built from this message ("upload as material"): kept for the record */
  msgId: z.number().int().positive().optional(),
});
export type MaterialSave = z.output<typeof MaterialSave>;
export type MaterialSaveInput = z.input<typeof MaterialSave>;

/** One problem of a material's content: the field (`data.noti_title`, `multiLangContent.0.desc`, …) and what is wrong. */
export interface MaterialIssue {
  path: string;
  message: string;
}

/**
 * The content rule of a material, one for the console, the Excel import and the server: `data` is a notification of
 * the type's design or a cross message's JSON, with the message rules (NotificationData, CrossData); languages only
 * for notifications. Every problem, in field order; `normalised` is the data as a message would carry it.
 */
export function checkMaterialContent(
  m: MaterialSave,
  /** the variables its templates may name (templates.ts); absent: any, only the syntax, tags and filters are checked */
  variables?: ReadonlySet<string>,
): {
  issues: MaterialIssue[];
  normalised?: Record<string, unknown>;
} {
  const issues: MaterialIssue[] = [];
  const at = (path: PropertyKey[]) => path.map(String).join('.');
  let normalised: Record<string, unknown> | undefined;
  if (m.materialType === MaterialType.CROSS) {
    const parsed = CrossData.safeParse(m.data);
    if (parsed.success) normalised = parsed.data;
    else
      for (const i of parsed.error.issues) {
        const unknownKey = i.code === 'unrecognized_keys';
        issues.push({
          path: `data.${unknownKey ? String(i.keys[0]) : at(i.path)}`,
          message: unknownKey ? 'is not a key of a cross message' : i.message,
        });
      }
    if (m.multiLangEnable || m.multiLangContent.length)
      issues.push({ path: 'multiLangContent', message: 'is only for notification materials' });
    issues.push(...templateIssues(m, variables));
    return { issues, normalised };
  }
  const design = MATERIAL_NOTI_TYPE[m.materialType];
  if (m.data.noti_type !== undefined && m.data.noti_type !== design)
    issues.push({ path: 'data.noti_type', message: `must be ${design} for material type ${m.materialType}` });
  const parsed = NotificationData.safeParse({ ...m.data, noti_type: design });
  if (parsed.success) normalised = parsed.data;
  else for (const i of parsed.error.issues) issues.push({ path: `data.${at(i.path)}`, message: i.message });
  if (m.multiLangEnable && m.multiLangContent.length === 0)
    issues.push({ path: 'multiLangContent', message: 'must hold at least one language' });
  const langs = new Set<string>();
  m.multiLangContent.forEach((e, i) => {
    if (langs.has(e.lang)) issues.push({ path: `multiLangContent.${i}.lang`, message: 'is already there' });
    langs.add(e.lang);
  });
  issues.push(...templateIssues(m, variables));
  return { issues, normalised };
}

const ANY_VARIABLE = { has: () => true } as unknown as ReadonlySet<string>;

/** Personalised content (issue 33 §4): the first template of the material that breaks the rule, at its field. */
function templateIssues(m: MaterialSave, variables: ReadonlySet<string> | undefined): MaterialIssue[] {
  const bad = checkContentTemplates(
    { data: m.data, multiLangContent: m.multiLangEnable ? m.multiLangContent : [] },
    variables ?? ANY_VARIABLE,
  );
  return bad ? [{ path: bad.field, message: bad.problem.message }] : [];
}

/** One material of a list (spec §3), with the counters of every message sent from it (the message list's). */
export const MaterialRow = z.object({
  materialId: z.number().int(),
  materialType: z.number().int(),
  title: z.string(),
  ownerEmail: z.string(),
  createType: z.number().int(),
  /** ISO 8601 */
  createDate: z.string(),
  status: z.number().int(),
  attribute: z.string(),
  multiLangEnable: z.boolean(),
  /** how many languages it has besides its main content (rows expand to them, types 1 and 2) */
  subCount: z.number().int(),
  nationalAttributes: z.object({
    pushCountrySet: z.array(z.string()),
    notPushCountrySet: z.array(z.string()),
  }),
  contentCreateType: z.number().int(),
  /** the reviewer's reason (status 4), '' otherwise */
  rejectReason: z.string(),
  /** messages sent from it */
  messages: z.number().int(),
  push: z.number().int(),
  reach: z.number().int(),
  show: z.number().int(),
  showRate: z.number(),
  click: z.number().int(),
  clickRate: z.number(),
});
export type MaterialRow = z.infer<typeof MaterialRow>;

/** getMaterialDetail: the row and its content. */
export const MaterialDetail = MaterialRow.extend({
  data: z.record(z.string(), z.unknown()),
  multiLangContent: z.array(MultiLangEntry),
  msgId: z.number().int().nullable(),
});
export type MaterialDetail = z.infer<typeof MaterialDetail>;

const digitsOrEmpty = z.union([z.literal(''), z.string().regex(/^\d{1,18}$/, 'must be digits')]);

/** The material list order: by click rate, either way ('' newest first). */
export const MATERIAL_ORDERS = ['', 'clickRate-asc', 'clickRate-desc'] as const;

/**
 * getMaterialList (target 1 the list, 2 the recycle bin) and getMaterialAuditList (material/review/list, with
 * `status`): filters of spec §2, the creation date range in `tz`, 20 a page.
 */
export const MaterialListRequest = MessageListRequest.pick({ tz: true, begin: true, end: true }).extend({
  materialType: numberInput(z.union([z.literal(1), z.literal(2), z.literal(3)])).default(1),
  target: numberInput(z.union([z.literal(1), z.literal(2)])).default(1),
  title: singleLineText({ max: MATERIAL_LIMITS.descriptionMax }).optional(),
  ownerEmail: singleLineText({ max: 254 }).optional(),
  createType: z
    .union([z.literal(''), numberInput(z.union([z.literal(1), z.literal(2), z.literal(3)]))])
    .optional()
    .default(''),
  materialId: digitsOrEmpty.optional().default(''),
  /** the audit list: '' every reviewed status (3, 4, 1), or one of them */
  status: z
    .union([z.literal(''), numberInput(z.union([z.literal(1), z.literal(3), z.literal(4)]))])
    .optional()
    .default(''),
  order: z.enum(MATERIAL_ORDERS).optional().default(''),
  pageNo: numberInput(z.number().int().min(1)).default(1),
  pageSize: numberInput(z.number().int().min(1).max(100)).default(MATERIAL_LIMITS.pageSize),
});
export type MaterialListRequest = z.output<typeof MaterialListRequest>;
export type MaterialListInput = z.input<typeof MaterialListRequest>;

export const MaterialParams = AppIdParams.extend({ materialId: numberInput(z.number().int().positive()) });

/** setMaterialAuditResult: pass (1) or reject (4, with the reason its author reads). */
export const MaterialAudit = z
  .object({
    action: z.union([z.literal(MaterialStatus.PASSED), z.literal(MaterialStatus.REJECTED)]),
    reason: multiLineText({ max: MATERIAL_LIMITS.reasonMax }).optional().default(''),
  })
  .superRefine((a, ctx) => {
    if (a.action === MaterialStatus.REJECTED && !a.reason.trim())
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'is required to reject' });
  });
export type MaterialAudit = z.output<typeof MaterialAudit>;

/** One message sent from a material (getMaterialReport), the message list's counters. */
export const MaterialReportRow = z.object({
  msgId: z.number().int(),
  id: z.number().int(),
  msgType: z.number().int(),
  title: z.string(),
  status: z.number().int(),
  scheduleDate: z.string().nullable(),
  createTime: z.string(),
  push: z.number().int(),
  reach: z.number().int(),
  show: z.number().int(),
  showRate: z.number(),
  click: z.number().int(),
  clickRate: z.number(),
});
export type MaterialReportRow = z.infer<typeof MaterialReportRow>;

export const MaterialReportRequest = z.object({
  pageNo: numberInput(z.number().int().min(1)).default(1),
  pageSize: numberInput(z.number().int().min(1).max(100)).default(MATERIAL_LIMITS.pageSize),
});

/** One bad cell of an imported spreadsheet: its row and column as the spreadsheet shows them (row 4, column "C"). */
export const SheetProblem = z.object({
  row: z.number().int(),
  column: z.string(),
  /** the column's header */
  field: z.string(),
  message: z.string(),
});
export type SheetProblem = z.infer<typeof SheetProblem>;

const Changed = z.object({ materialId: z.number().int(), status: z.number().int() });

export const materialCalls = {
  list: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/material/list',
    summary: 'Materials of one type (target 1) or the recycle bin (target 2), newest first or by click rate',
    params: AppIdParams,
    body: MaterialListRequest,
    data: z.object({ material: z.array(MaterialRow), total: z.number().int() }),
  }),
  auditList: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/material/review/list',
    summary:
      'Materials under review (3), rejected (4) or passed (1) on an app with material review (getMaterialAuditList)',
    params: AppIdParams,
    body: MaterialListRequest,
    data: z.object({ material: z.array(MaterialRow), total: z.number().int() }),
  }),
  subList: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/material/:materialId/child/list',
    summary: 'The languages of a material (getMaterialSubList)',
    params: MaterialParams,
    data: z.object({ material: z.array(MultiLangEntry) }),
  }),
  detail: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/material/:materialId/detail',
    summary: 'One material with its content (getMaterialDetail)',
    params: MaterialParams,
    data: MaterialDetail,
  }),
  create: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/material/create',
    summary: 'Create a material by hand (createType 1); status 3 when the app reviews materials, else 1',
    params: AppIdParams,
    body: MaterialSave,
    data: Changed,
  }),
  apiCreate: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/material/api/create',
    summary: 'Create a material from another system (createType 2); see docs/api.md',
    params: AppIdParams,
    body: MaterialSave,
    data: Changed,
  }),
  edit: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/material/:materialId/edit',
    summary:
      'Edit a material (its type cannot change); it waits for review again when the app reviews materials',
    params: MaterialParams,
    body: MaterialSave,
    data: Changed,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/material/:materialId/delete',
    summary: 'Move a material to the recycle bin (deleteMaterialItem)',
    params: MaterialParams,
    data: Changed,
  }),
  restore: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/material/:materialId/recovery',
    summary: 'Restore a material from the recycle bin to the status it had (restoreMaterialItem)',
    params: MaterialParams,
    data: Changed,
  }),
  purge: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/material/:materialId/clean',
    summary: 'Delete a material of the recycle bin permanently (deletePermanentlyMaterialItem)',
    params: MaterialParams,
    data: Changed,
  }),
  auditPurge: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/material/review/:materialId/clean',
    summary: 'Delete a material of the audit list permanently (deletePermanentlyMaterialAuditItem)',
    params: MaterialParams,
    data: Changed,
  }),
  audit: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/material/:materialId/audit',
    summary: 'Pass (1) or reject (4, with a reason) a material waiting for review (setMaterialAuditResult)',
    params: MaterialParams,
    body: MaterialAudit,
    data: Changed,
  }),
  report: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/material/:materialId/report',
    summary: 'Every message sent from a material with the message list counters (getMaterialReport)',
    params: MaterialParams,
    body: MaterialReportRequest,
    data: z.object({ msgReport: z.array(MaterialReportRow), total: z.number().int() }),
  }),
  upload: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/material/upload',
    upload: true,
    summary:
      'Import up to 30 materials from an .xlsx in the template /static/material3.xlsx (rows from 4); all or none',
    params: AppIdParams,
    data: z.object({
      created: z.array(Changed),
      /** every bad cell; nothing is imported when there is one */
      problems: z.array(SheetProblem),
    }),
  }),
};
