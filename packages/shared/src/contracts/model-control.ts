import { z } from 'zod';
import { defineCall } from '../call';
import { numberInput } from '../numbers';
import { singleLineText } from '../text';

/**
 * Phone-model shielding (spec part 1 §2 "mobile models", §3 "Phone-model control entry", §5), levels 100 and 150.
 *
 * Calls (all under /tcm/global/uem/):
 * - `POST config/list` {shieldType, keyword, pageNo, pageSize}: one list, searched by brand or model.
 * - `POST config/save` (add), `POST config/edit` (change, by id), `POST config/delete` {id}.
 * - `GET config/download?shieldType=`: the list as `.xlsx` (plain download, not an envelope).
 * - `POST config/upload?shieldType=` (multipart `file`, `.xlsx` in the template's columns): a preview of the rows to
 *   add, to change and to reject (with reasons); `POST config/upload/confirm` {uploadId} applies it all at once.
 * - `GET country`, `POST country/save` {market, countries}: the new-market and old-market country lists.
 * - Templates (public, no data): `/static/ads_shield.xlsx` (ad shielding), `/static/global_shield2.xlsx` (global).
 */

export const MODEL_CONTROL_LIMITS = {
  brandMax: 50,
  modelMax: 50,
  protectMax: 999,
  /** Protect value meaning "shield the model for ever". */
  protectAlways: 999,
  /** Protect value meaning "never shield". */
  protectNever: 0,
  pageSize: 20,
  uploadMaxBytes: 2 * 1024 * 1024,
  uploadMaxRows: 5000,
} as const;

/** The two lists: 1 ad shielding (ad messages only), 2 global shielding (every message kind). */
export const ShieldType = numberInput(
  z.union([z.literal(1), z.literal(2)], 'must be 1 (ad shielding) or 2 (global shielding)'),
);
export type ShieldType = z.infer<typeof ShieldType>;

/** Entry type: 1 flagship, 2 mid-high-end, 3 other. */
export const MODEL_TIERS = [1, 2, 3] as const;
export type ModelTier = (typeof MODEL_TIERS)[number];

/** Brand: upper case letters and digits, words separated by single spaces or `-_.&+`, at most 50. */
export const MODEL_BRAND_PATTERN = /^[A-Z0-9]+(?:[ ._&+-][A-Z0-9]+)*$/;
/** Model (part 1 §5): upper-case letters and digits, not starting with a digit, at most 50. */
export const MODEL_NAME_PATTERN = /^[A-Z][A-Z0-9]*$/;

/** Why a field of a model entry is refused; the console localises these, the server words them in English. */
export type ModelFieldProblem =
  'required' | 'invalid' | 'tooLong' | 'notUpperCase' | 'startsWithDigit' | 'outOfRange' | 'duplicate';
export type ModelField = 'type' | 'brand' | 'model' | 'protectDefault' | 'protectNewMarket';

export interface ModelFieldIssue {
  field: ModelField;
  problem: ModelFieldProblem;
}

const PROBLEM_TEXT: Record<ModelFieldProblem, string> = {
  required: 'is required',
  invalid: 'is not valid',
  tooLong: 'is longer than 50 characters',
  notUpperCase: 'must be upper case',
  startsWithDigit: 'must not start with a digit',
  outOfRange: 'must be a whole number from 0 to 999',
  duplicate: 'is listed twice',
};

/** English wording of an issue, e.g. "model must not start with a digit". */
export function describeModelIssue(issue: ModelFieldIssue): string {
  if (issue.field === 'type' && issue.problem === 'invalid')
    return 'type must be 1 (flagship), 2 (mid-high-end) or 3 (other)';
  if (issue.field === 'brand' && issue.problem === 'invalid')
    return 'brand may hold only upper-case letters, digits and single spaces or - _ . & +';
  if (issue.field === 'model' && issue.problem === 'invalid')
    return 'model may hold only upper-case letters and digits';
  return `${issue.field} ${PROBLEM_TEXT[issue.problem]}`;
}

/** The problem with a brand as typed (already trimmed), or undefined when it is valid. */
export function brandProblem(brand: string): ModelFieldProblem | undefined {
  if (brand === '') return 'required';
  if (brand.length > MODEL_CONTROL_LIMITS.brandMax) return 'tooLong';
  if (brand !== brand.toUpperCase()) return 'notUpperCase';
  return MODEL_BRAND_PATTERN.test(brand) ? undefined : 'invalid';
}

/** The problem with a model as typed (already trimmed), or undefined when it is valid. */
export function modelProblem(model: string): ModelFieldProblem | undefined {
  if (model === '') return 'required';
  if (model.length > MODEL_CONTROL_LIMITS.modelMax) return 'tooLong';
  if (model !== model.toUpperCase()) return 'notUpperCase';
  if (/^\d/.test(model)) return 'startsWithDigit';
  return MODEL_NAME_PATTERN.test(model) ? undefined : 'invalid';
}

/** The problem with a protect value as typed: digits only, 0–999, required. */
export function protectProblem(value: string): ModelFieldProblem | undefined {
  if (value === '') return 'required';
  return /^\d{1,3}$/.test(value) ? undefined : 'outOfRange';
}

/** The problem with an entry type as typed: 1, 2 or 3. */
export function tierProblem(value: string): ModelFieldProblem | undefined {
  if (value === '') return 'required';
  return /^[123]$/.test(value) ? undefined : 'invalid';
}

const refineWith = (check: (v: string) => ModelFieldProblem | undefined, field: ModelField) =>
  z.string().superRefine((value, ctx) => {
    const problem = check(value);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        message: describeModelIssue({ field, problem }).replace(`${field} `, ''),
      });
  });

const digitsOrNumber = z.union([z.number().int(), z.string().trim()]).transform(String);

export const ProtectMonths = digitsOrNumber
  .pipe(refineWith(protectProblem, 'protectDefault'))
  .transform(Number);

/** An entry as added or edited in the console. */
export const ModelEntryInput = z.object({
  shieldType: ShieldType,
  type: digitsOrNumber.pipe(refineWith(tierProblem, 'type')).transform((v) => Number(v) as ModelTier),
  brand: z.string().trim().pipe(refineWith(brandProblem, 'brand')),
  model: z.string().trim().pipe(refineWith(modelProblem, 'model')),
  protectDefault: ProtectMonths,
  protectNewMarket: ProtectMonths,
});
export type ModelEntryInput = z.infer<typeof ModelEntryInput>;

export const ModelEntry = z.object({
  id: z.number().int(),
  shieldType: z.union([z.literal(1), z.literal(2)]),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  brand: z.string(),
  model: z.string(),
  protectDefault: z.number().int(),
  protectNewMarket: z.number().int(),
  updateTime: z.string(),
});
export type ModelEntry = z.infer<typeof ModelEntry>;

export const ModelListRequest = z.object({
  shieldType: ShieldType,
  keyword: singleLineText({ max: 50 }).default(''),
  pageNo: numberInput(z.number().int().min(1)).default(1),
  pageSize: numberInput(z.number().int().min(1).max(100)).default(MODEL_CONTROL_LIMITS.pageSize),
});
export type ModelListRequest = z.infer<typeof ModelListRequest>;

export const ModelIdBody = z.object({ id: numberInput(z.number().int().positive()) });

/** A spreadsheet row's values as entries (what the preview shows and what confirm applies). */
export const ModelUploadRow = z.object({
  row: z.number().int(),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  brand: z.string(),
  model: z.string(),
  protectDefault: z.number().int(),
  protectNewMarket: z.number().int(),
});
export type ModelUploadRow = z.infer<typeof ModelUploadRow>;

export const ModelUploadChange = ModelUploadRow.extend({ previous: ModelUploadRow.omit({ row: true }) });
export type ModelUploadChange = z.infer<typeof ModelUploadChange>;

/** A refused row: its number in the sheet (1 = header), its cells as text, and every reason. */
export const ModelUploadRejected = z.object({
  row: z.number().int(),
  cells: z.object({
    type: z.string(),
    brand: z.string(),
    model: z.string(),
    protectDefault: z.string(),
    protectNewMarket: z.string(),
  }),
  issues: z.array(
    z.object({
      field: z.string(),
      problem: z.string(),
      message: z.string(),
      duplicateOfRow: z.number().int().optional(),
    }),
  ),
});
export type ModelUploadRejected = z.infer<typeof ModelUploadRejected>;

export const ModelUploadPreview = z.object({
  uploadId: z.string(),
  shieldType: z.union([z.literal(1), z.literal(2)]),
  toAdd: z.array(ModelUploadRow),
  toChange: z.array(ModelUploadChange),
  unchanged: z.number().int(),
  rejected: z.array(ModelUploadRejected),
});
export type ModelUploadPreview = z.infer<typeof ModelUploadPreview>;

/** 1 new market (protectNewMarket applies), 2 old market. */
export const Market = numberInput(
  z.union([z.literal(1), z.literal(2)], 'must be 1 (new market) or 2 (old market)'),
);

export const MarketCountry = z.object({ countryCode: z.string(), countryName: z.string() });
export const MarketCountries = z.object({
  newMarket: z.array(MarketCountry),
  oldMarket: z.array(MarketCountry),
});
export type MarketCountries = z.infer<typeof MarketCountries>;

export const MarketSaveRequest = z.object({
  market: Market,
  countries: z.array(singleLineText().toUpperCase()).max(300),
});

/** The spreadsheet columns, in order (template, download and upload). */
export const MODEL_SHEET_COLUMNS = [
  'Type',
  'Brand',
  'Model',
  'Protect default (months)',
  'Protect new market (months)',
] as const;

export const MODEL_CONTROL_PATHS = {
  download: '/tcm/global/uem/config/download',
  adsTemplate: '/static/ads_shield.xlsx',
  globalTemplate: '/static/global_shield2.xlsx',
} as const;

export const modelControlCalls = {
  list: defineCall({
    method: 'POST',
    path: '/tcm/global/uem/config/list',
    summary: 'A model shielding list, searched by brand or model',
    body: ModelListRequest,
    data: z.object({ list: z.array(ModelEntry), total: z.number().int() }),
  }),
  save: defineCall({
    method: 'POST',
    path: '/tcm/global/uem/config/save',
    summary: 'Adds a model to a shielding list',
    body: ModelEntryInput,
    data: z.object({ id: z.number().int() }),
  }),
  edit: defineCall({
    method: 'POST',
    path: '/tcm/global/uem/config/edit',
    summary: 'Changes a model shielding entry',
    body: ModelEntryInput.extend({ id: numberInput(z.number().int().positive()) }),
    data: z.object({}),
  }),
  remove: defineCall({
    method: 'POST',
    path: '/tcm/global/uem/config/delete',
    summary: 'Deletes a model shielding entry',
    body: ModelIdBody,
    data: z.object({}),
  }),
  upload: defineCall({
    method: 'POST',
    path: '/tcm/global/uem/config/upload',
    upload: true,
    summary: 'Parses a models .xlsx (multipart file) into a preview',
    query: z.object({ shieldType: ShieldType }),
    data: ModelUploadPreview,
  }),
  confirmUpload: defineCall({
    method: 'POST',
    path: '/tcm/global/uem/config/upload/confirm',
    summary: 'Applies a previewed upload, all rows or none',
    body: z.object({ uploadId: z.uuid() }),
    data: z.object({ added: z.number().int(), changed: z.number().int() }),
  }),
  countries: defineCall({
    method: 'GET',
    path: '/tcm/global/uem/country',
    summary: 'The new-market and old-market country lists',
    data: MarketCountries,
  }),
  saveCountries: defineCall({
    method: 'POST',
    path: '/tcm/global/uem/country/save',
    summary: 'Replaces one market country list',
    body: MarketSaveRequest,
    data: MarketCountries,
  }),
};
