import { z } from 'zod';
import { defineCall } from '../call';
import { numberInput } from '../numbers';
import { multiLineText, singleLineText } from '../text';
import { AppIdParams } from './apps';
import { TargetConditions } from './conditions';

/** Limits of the user-group and tag screens (part 1 §5, §9; part 2 §9). */
export const AUDIENCE_LIMITS = {
  groupNameMax: 30,
  groupDescriptionMax: 150,
  groupsPageSize: 20,
  /** The compose screen's group picker loads every group at once. */
  groupsPickerPageSize: 10_000,
  /** Group search debounce (part 1 §9). */
  groupSearchDebounceMs: 1000,
  /** Live audience size debounce while editing conditions (part 2 §9). */
  sizeDebounceMs: 250,
  /** Sizes are computed for list pages up to this many rows. */
  sizedRowsMax: 100,
  tagNameMax: 60,
  tagDescriptionMax: 100,
  tagCodeMax: 60,
  tagsPageSize: 20,
} as const;

/** A saved audience of an app. */
export const UserGroup = z.object({
  id: z.number().int(),
  appId: z.number().int(),
  name: z.string(),
  description: z.string(),
  conditions: TargetConditions,
  /** Closed groups are kept but greyed and not offered for sending. */
  open: z.boolean(),
  /** Devices matching the conditions now; present when the list was asked for sizes. */
  size: z.number().int().optional(),
  /** false when `size` is a sampled estimate (large apps, like compose's audience estimate) */
  sizeExact: z.boolean().optional(),
  createdBy: z.string(),
  updateTime: z.string(),
});
export type UserGroup = z.infer<typeof UserGroup>;

export const UserGroupListRequest = z.object({
  name: singleLineText({ max: AUDIENCE_LIMITS.groupNameMax }).optional().default(''),
  /** One group by id (the edit screen). */
  id: z.number().int().positive().optional(),
  pageNo: numberInput(z.number().int().min(1)).default(1),
  pageSize: numberInput(z.number().int().min(1).max(AUDIENCE_LIMITS.groupsPickerPageSize)).default(
    AUDIENCE_LIMITS.groupsPageSize,
  ),
  /** Count each row's audience (pages of up to AUDIENCE_LIMITS.sizedRowsMax rows). */
  withSize: z.boolean().default(false),
});
export type UserGroupListRequest = z.infer<typeof UserGroupListRequest>;

const GroupFields = {
  name: singleLineText({
    required: true,
    max: AUDIENCE_LIMITS.groupNameMax,
    maxMessage: `must be at most ${AUDIENCE_LIMITS.groupNameMax} characters`,
  }),
  /** Typed in a text area: may span lines. */
  description: multiLineText({
    max: AUDIENCE_LIMITS.groupDescriptionMax,
    maxMessage: `must be at most ${AUDIENCE_LIMITS.groupDescriptionMax} characters`,
  }).default(''),
  conditions: TargetConditions,
  open: z.boolean().default(true),
};

export const UserGroupCreateRequest = z.object(GroupFields);
export type UserGroupCreateRequest = z.infer<typeof UserGroupCreateRequest>;
export const UserGroupEditRequest = z.object({ id: z.number().int().positive(), ...GroupFields });
export type UserGroupEditRequest = z.infer<typeof UserGroupEditRequest>;
export const UserGroupDeleteRequest = z.object({
  id: z.number().int().positive(),
  name: singleLineText({ trim: false, max: 200 }).optional(),
});

/** Conditions whose audience to count (the live size while editing). */
export const AudienceEstimateRequest = z.object({ conditions: TargetConditions });
/** `exact` false: a sampled estimate (apps of 100,000 devices or more; 3 significant digits). */
export const AudienceEstimate = z.object({ count: z.number().int(), exact: z.boolean() });

/** Who manages user groups (config/group, config/editgroup: project levels 100–300). */
export const USER_GROUP_LEVELS = [100, 200, 300] as const;
/**
 * Who may target a saved user group (targeting type 3) and so read the list to pick one: the managers and operators
 * (400); part 2 §6 leaves out only testers (500), who are held to specific ids.
 */
export const USER_GROUP_TARGET_LEVELS = [100, 200, 300, 400] as const;

export const userGroupCalls = {
  list: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/group/list',
    summary: 'User groups of an app (name search, pages, optional sizes)',
    params: AppIdParams,
    body: UserGroupListRequest,
    data: z.object({ results: z.array(UserGroup), total: z.number().int() }),
  }),
  create: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/group/create',
    summary: 'Create a user group',
    params: AppIdParams,
    body: UserGroupCreateRequest,
    data: UserGroup,
  }),
  edit: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/group/edit',
    summary: 'Edit a user group',
    params: AppIdParams,
    body: UserGroupEditRequest,
    data: UserGroup,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/group/delete',
    summary: 'Delete a user group',
    params: AppIdParams,
    body: UserGroupDeleteRequest,
    data: z.object({}).optional(),
  }),
  estimate: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/group/estimate',
    summary: 'Count the devices matching conditions',
    params: AppIdParams,
    body: AudienceEstimateRequest,
    data: AudienceEstimate,
  }),
};
