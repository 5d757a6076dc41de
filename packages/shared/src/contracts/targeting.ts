import { z } from 'zod';
import { defineCall } from '../call';
import { APP_LIMITS } from '../limits';
import { singleLineText } from '../text';
import { TargetingType } from '../message-kinds';
import { AppIdParams } from './apps';

/** File targeting (types 6 and 7, spec part 2 §3, §5): GAID lists from an uploaded `.txt` file or a file link. */
export const GAID_LIST_LIMITS = {
  /** How many refused lines an answer lists (the count covers them all). */
  invalidLinesShown: 100,
  /** A refused line's text is cut to this many characters in the answer. */
  invalidTextMax: 64,
  linkMax: 2000,
  linkMaxRedirects: 5,
  /** The whole link exchange (every hop, the HEAD and the download). */
  linkTimeoutMs: 60_000,
  /** A hop that sends nothing for this long is abandoned. */
  linkIdleTimeoutMs: 10_000,
} as const;

/** The app's upload limit in bytes: `uploadFileLimit` MB, 30 when unset (part 1 §3, part 2 §5). */
export function uploadLimitBytes(uploadFileLimit: number | null | undefined): number {
  const mb =
    typeof uploadFileLimit === 'number' && uploadFileLimit > 0
      ? uploadFileLimit
      : APP_LIMITS.uploadFileLimitDefault;
  return mb * 1024 * 1024;
}

/** The all-zero advertising id Android reports when the user limits ad tracking: never a real device. */
export const ZERO_GAID = '00000000-0000-0000-0000-000000000000';

const isHttpUrl = (s: string): boolean => {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
};

/** A file link as typed: an absolute http(s) address. */
export const GaidLink = singleLineText({ required: true, max: GAID_LIST_LIMITS.linkMax }).refine(
  isHttpUrl,
  'must be an http:// or https:// address',
);

/** A stored GAID list: `origin` is what a message names as `fileOrigin`. */
export const GaidListInfo = z.object({
  origin: z.string(),
  /** The uploaded file's name, or the last segment of the link. */
  name: z.string(),
  /** The link it was fetched from (type 7), else empty. */
  link: z.string(),
  /** 6 uploaded file, 7 file link. */
  source: z.union([z.literal(TargetingType.FILE_UPLOAD), z.literal(TargetingType.FILE_LINK)]),
  /** Distinct advertising ids kept. */
  count: z.number().int(),
  /** Lines repeating an id already listed (dropped). */
  duplicates: z.number().int(),
  size: z.number().int(),
});
export type GaidListInfo = z.infer<typeof GaidListInfo>;

/** Why a line is refused: not 8-4-4-4-12 hexadecimal, or the all-zero id of limited ad tracking. */
export const InvalidLineReason = z.enum(['format', 'zero']);
export type InvalidLineReason = z.infer<typeof InvalidLineReason>;

export const InvalidGaidLine = z.object({
  line: z.number().int(),
  reason: InvalidLineReason,
  text: z.string(),
});
export type InvalidGaidLine = z.infer<typeof InvalidGaidLine>;

/** Why a file or link was refused, in the `reason` of the answer's data (the console words it per language). */
export const GAID_LIST_REASONS = [
  'not_txt',
  'empty',
  'too_big',
  'invalid_lines',
  'invalid',
  'private',
  'unreachable',
  'status',
  'type',
  'redirects',
  'timeout',
] as const;
export const GaidListReason = z.enum(GAID_LIST_REASONS);
export type GaidListReason = z.infer<typeof GaidListReason>;

/**
 * The `data` of a refused file or link: the field (`file`, `link`, or `fileLink` on msg/save), the reason, and per
 * reason the limit and announced size (21017) or, for invalid lines (40000, nothing stored), the first invalid lines
 * with their line numbers, how many lines were invalid and how many ids were valid.
 */
export const GaidListProblem = z.object({
  fields: z.array(z.object({ field: z.string(), message: z.string() })),
  reason: GaidListReason.optional(),
  limit: z.number().int().optional(),
  size: z.number().int().optional(),
  invalidLines: z.array(InvalidGaidLine).optional(),
  invalidCount: z.number().int().optional(),
  validCount: z.number().int().optional(),
});
export type GaidListProblem = z.infer<typeof GaidListProblem>;

/** The data of status 40000: every field of a problem with invalid lines. */
export const GaidFileRefusal = GaidListProblem.required({
  invalidLines: true,
  invalidCount: true,
  validCount: true,
});
export type GaidFileRefusal = z.infer<typeof GaidFileRefusal>;

export const GaidLinkRequest = z.object({ link: GaidLink });
export const GaidListRequest = z.object({ origin: z.uuid('is not an uploaded list') });

export const targetingCalls = {
  /** uploadTxtFile. Multipart `file`; registered as a plain route, documented here. */
  uploadFile: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/upload',
    upload: true,
    summary:
      'Upload a .txt file of advertising ids, one per line (targeting type 6); refused whole with the bad lines (40000)',
    params: AppIdParams,
    data: GaidListInfo,
  }),
  /** setPreviewUrl: fetches the link now (size checked first, public addresses only) and stores its ids. */
  uploadLink: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/upload/link',
    summary: 'Fetch a file link of advertising ids (targeting type 7) and store its list',
    params: AppIdParams,
    body: GaidLinkRequest,
    data: GaidListInfo,
  }),
  /** The remote size of a link (HEAD), null when the server does not say. */
  sizeLink: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/misc/size/link',
    summary: 'Remote size of a file link (HEAD), refused with 21017 above the app upload limit',
    params: AppIdParams,
    body: GaidLinkRequest,
    data: z.object({ link: z.string(), size: z.number().int().nullable(), limit: z.number().int() }),
  }),
  /** A stored list (to show a saved message's file when editing or copying it). */
  listInfo: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/upload/info',
    summary: 'A stored GAID list of the app: name, link and counts',
    params: AppIdParams,
    body: GaidListRequest,
    data: GaidListInfo,
  }),
};
