import { z } from 'zod';
import { defineCall } from '../call';
import { numberInput } from '../numbers';
import { multiLineText, singleLineText } from '../text';
import { AppIdParams } from './apps';
import { AUDIENCE_LIMITS } from './user-groups';

/** Custom tags (part 1 §3): interest labels (LABEL) and audience packages (GROUP, not human users). */
export const TAG_FLAGS = ['LABEL', 'GROUP'] as const;
export const TagFlag = z.enum(TAG_FLAGS, 'must be LABEL or GROUP');
export type TagFlag = z.infer<typeof TagFlag>;

/** A tag code: a letter, then letters, digits or underscores, 60 characters at most. */
export const TAG_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,59}$/;

/** Code validity of the tag form (part 1 §4): 0 unchecked, 1 valid, 2 invalid. */
export const TagValidity = { UNCHECKED: 0, VALID: 1, INVALID: 2 } as const;
export type TagValidityValue = (typeof TagValidity)[keyof typeof TagValidity];

/** Whether the form's check button is disabled (part 1 §5): editing, already valid, empty, too long, or loading. */
export function isTagCheckDisabled(s: {
  editing: boolean;
  validity: number;
  code: string;
  loading: boolean;
}): boolean {
  return (
    s.editing ||
    s.validity === TagValidity.VALID ||
    s.code.trim() === '' ||
    s.code.length > AUDIENCE_LIMITS.tagCodeMax ||
    s.loading
  );
}

export const Tag = z.object({
  id: z.number().int(),
  appId: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  code: z.string(),
  desc: z.string(),
  flag: TagFlag,
  ownerMail: z.string(),
  /** Devices carrying the tag. */
  deviceCount: z.number().int(),
  updateTime: z.string(),
});
export type Tag = z.infer<typeof Tag>;

const Code = singleLineText({
  required: true,
  max: AUDIENCE_LIMITS.tagCodeMax,
  maxMessage: `must be at most ${AUDIENCE_LIMITS.tagCodeMax} characters`,
});

const TagFields = {
  name: singleLineText({
    required: true,
    max: AUDIENCE_LIMITS.tagNameMax,
    maxMessage: `must be at most ${AUDIENCE_LIMITS.tagNameMax} characters`,
  }),
  nameEn: singleLineText({
    max: AUDIENCE_LIMITS.tagNameMax,
    maxMessage: `must be at most ${AUDIENCE_LIMITS.tagNameMax} characters`,
  }).default(''),
  /** Typed in a text area: may span lines. */
  desc: multiLineText({
    max: AUDIENCE_LIMITS.tagDescriptionMax,
    maxMessage: `must be at most ${AUDIENCE_LIMITS.tagDescriptionMax} characters`,
  }).default(''),
  code: Code.regex(TAG_CODE_PATTERN, 'must start with a letter and hold only letters, digits and _'),
  flag: TagFlag,
};

export const TagCreateRequest = z.object(TagFields);
export type TagCreateRequest = z.infer<typeof TagCreateRequest>;
export const TagEditRequest = z.object({ id: z.number().int().positive(), ...TagFields });
export type TagEditRequest = z.infer<typeof TagEditRequest>;
export const TagVerifyRequest = z.object({ code: Code, id: z.number().int().positive().optional() });
export const TagVerifyResult = z.object({
  validity: z.union([z.literal(1), z.literal(2)]),
  reason: z.string(),
});
export type TagVerifyResult = z.infer<typeof TagVerifyResult>;
export const TagListRequest = z.object({
  name: singleLineText({ max: AUDIENCE_LIMITS.tagNameMax }).optional().default(''),
  flag: TagFlag.optional(),
  id: z.number().int().positive().optional(),
  pageNo: numberInput(z.number().int().min(1)).default(1),
  pageSize: numberInput(z.number().int().min(1).max(1000)).default(AUDIENCE_LIMITS.tagsPageSize),
});
export type TagListRequest = z.infer<typeof TagListRequest>;
export const TagDeleteRequest = z.object({
  id: z.number().int().positive(),
  name: singleLineText({ trim: false, max: 200 }).optional(),
});

/** What a GAID import did: lines assigned, already carrying the tag, unknown to the app, not GAIDs. */
export const TagImportResult = z.object({
  lines: z.number().int(),
  imported: z.number().int(),
  already: z.number().int(),
  unknown: z.number().int(),
  malformed: z.number().int(),
});
export type TagImportResult = z.infer<typeof TagImportResult>;

export const TagImportParams = AppIdParams.extend({ tagId: numberInput(z.number().int().positive()) });

export const TAG_LEVELS = [100, 200, 300, 400] as const;

export const tagCalls = {
  verify: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/tag/verify',
    summary: 'Check a tag code: 1 valid, 2 invalid (pattern or used)',
    params: AppIdParams,
    body: TagVerifyRequest,
    data: TagVerifyResult,
  }),
  create: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/tag/create',
    summary: 'Create a tag or audience package',
    params: AppIdParams,
    body: TagCreateRequest,
    data: Tag,
  }),
  edit: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/tag/edit',
    summary: 'Edit a tag',
    params: AppIdParams,
    body: TagEditRequest,
    data: Tag,
  }),
  list: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/tag/list',
    summary: 'Tags of an app',
    params: AppIdParams,
    body: TagListRequest,
    data: z.object({ results: z.array(Tag), total: z.number().int() }),
  }),
  remove: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/tag/delete',
    summary: 'Delete a tag (devices lose it)',
    params: AppIdParams,
    body: TagDeleteRequest,
    data: z.object({}).optional(),
  }),
  /** Multipart: one `.txt` file field, one GAID per line. */
  importDevices: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/tag/:tagId/import',
    upload: true,
    summary: 'Tag devices by GAID (multipart .txt, one per line)',
    params: TagImportParams,
    data: TagImportResult,
  }),
};
