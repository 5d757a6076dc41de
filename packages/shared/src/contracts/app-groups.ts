import { z } from 'zod';
import { defineCall } from '../call';
import { LIMITS } from '../limits';
import { numberInput } from '../numbers';
import { singleLineText } from '../text';

/** One app of a group as the caller sees it; `projectLevel` is null when the app is not among the caller's apps. */
export const AppGroupApp = z.object({
  appId: z.number().int(),
  title: z.string(),
  logo: z.string(),
  pkg: z.string(),
  projectLevel: z.number().int().nullable(),
});
export type AppGroupApp = z.infer<typeof AppGroupApp>;

export const AppGroup = z.object({
  groupId: z.number().int(),
  groupName: z.string(),
  groupDesc: z.string(),
  /** The group's app ids, in the order they were picked. */
  apps: z.array(z.number().int()),
  appList: z.array(AppGroupApp),
  /** False when an app of the group is not the caller's or the caller is above 200 on it (part 1 §5). */
  editable: z.boolean(),
  creatorEmail: z.string(),
  updateTime: z.string(),
});
export type AppGroup = z.infer<typeof AppGroup>;

/** Why an app cannot be put in a group: the caller's level on it is above 200, or it has review enabled. */
export const AppGroupBlock = z.enum(['level', 'review']);
export type AppGroupBlock = z.infer<typeof AppGroupBlock>;

/** An app the caller may see in the group dialog; `blocked` set means it cannot be picked. */
export const AppGroupCandidate = z.object({
  appId: z.number().int(),
  title: z.string(),
  logo: z.string(),
  pkg: z.string(),
  projectLevel: z.number().int(),
  reviewEnable: z.boolean(),
  blocked: AppGroupBlock.nullable(),
});
export type AppGroupCandidate = z.infer<typeof AppGroupCandidate>;

export const AppGroupSaveRequest = z.object({
  /** Absent (or empty, the spec's "default group") to create; a group id to edit. */
  groupId: z
    .union([z.number().int().positive(), z.literal('')])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  groupName: singleLineText({
    required: true,
    max: LIMITS.appGroupNameMax,
    maxMessage: `must be at most ${LIMITS.appGroupNameMax} characters`,
  }),
  groupDesc: singleLineText({
    max: LIMITS.appGroupDescMax,
    maxMessage: `must be at most ${LIMITS.appGroupDescMax} characters`,
  }).default(''),
  apps: z
    .array(z.number().int().positive())
    .min(LIMITS.appGroupMinApps, `must hold at least ${LIMITS.appGroupMinApps} apps`)
    .max(LIMITS.appGroupMaxApps, `must hold at most ${LIMITS.appGroupMaxApps} apps`)
    .refine((ids) => new Set(ids).size === ids.length, 'must not name an app twice'),
});
export type AppGroupSaveRequest = z.output<typeof AppGroupSaveRequest>;

export const AppGroupIdParams = z.object({ groupId: numberInput(z.number().int().positive()) });

/** Whether an app with this caller level and review switch may be put in a group (part 1 §5). */
export function appGroupBlock(projectLevel: number, reviewEnable: boolean): AppGroupBlock | null {
  if (projectLevel > 200) return 'level';
  if (reviewEnable) return 'review';
  return null;
}

export const appGroupCalls = {
  list: defineCall({
    method: 'GET',
    path: '/tcm/v1/group/list',
    summary: 'The caller’s app groups (level 100: every group)',
    data: z.object({ groups: z.array(AppGroup) }),
  }),
  candidates: defineCall({
    method: 'GET',
    path: '/tcm/v1/group/apps',
    summary: 'The apps the caller may see in the group dialog, each with whether it can be picked',
    data: z.object({ apps: z.array(AppGroupCandidate) }),
  }),
  save: defineCall({
    method: 'POST',
    path: '/tcm/v1/group/save',
    summary: 'Create an app group, or edit one by groupId',
    body: AppGroupSaveRequest,
    data: z.object({ groupId: z.number().int() }),
  }),
  remove: defineCall({
    method: 'POST',
    path: '/tcm/v1/group/:groupId/delete',
    summary: 'Delete an app group',
    params: AppGroupIdParams,
    data: z.object({}).optional(),
  }),
};
