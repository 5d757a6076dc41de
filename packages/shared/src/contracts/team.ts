import { z } from 'zod';
import { defineCall } from '../call';
import { CONFIG_LIMITS } from '../limits';
import { numberInput } from '../numbers';
import { singleLineText } from '../text';
import { ASSIGNABLE_TEAM_LEVELS } from '../permissions';
import { AppIdParams } from './apps';
import { Email, Lang, Password } from './users';

/** What a call that answers nothing returns as `data`. */
const EmptyData = z.object({}).optional();

/** Team member status: 0 active, 1 invited (pending until the invitee accepts). */
export const MemberStatus = { ACTIVE: 0, INVITED: 1 } as const;

/** A level a teammate may be given: 300 manager, 400 operator, 500 tester. */
export const AssignableLevel = z
  .number('must be 300, 400 or 500')
  .int()
  .refine(
    (v) => (ASSIGNABLE_TEAM_LEVELS as readonly number[]).includes(v),
    'must be 300 (manager), 400 (operator) or 500 (tester)',
  );

const RowId = z.number('is required').int().positive();
/** An e-mail the console sends along for information (the row id decides). */
const SentEmail = singleLineText({ trim: false, max: 254 });

export const TeamMember = z.object({
  id: z.number().int(),
  email: z.string(),
  /** 200 owner, 300 manager, 400 operator, 500 tester. */
  ulevel: z.number().int(),
  /** 0 active, 1 invited. */
  status: z.number().int(),
  /** The member's user id once they have accepted (null while invited). */
  uid: z.number().int().nullable(),
  updateTime: z.string(),
  /** When the invitation was sent (the row's creation). */
  inviteTime: z.string(),
});
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamListRequest = z.object({
  email: singleLineText({ max: 254 }).optional().default(''),
  pageNo: numberInput(z.number().int().min(1)).default(1),
  pageSize: numberInput(z.number().int().min(1).max(100)).default(CONFIG_LIMITS.teamPageSize),
});
export type TeamListRequest = z.infer<typeof TeamListRequest>;

export const InviteRequest = z.object({ email: Email, ulevel: AssignableLevel, lang: Lang.optional() });
export type InviteRequest = z.infer<typeof InviteRequest>;

/** Edit a role; `email`, `targetEmail`, `type` and `lang` are accepted as the spec's console sends them. */
export const EditMemberRequest = z.object({
  id: RowId,
  ulevel: AssignableLevel,
  email: SentEmail.optional(),
  targetEmail: SentEmail.optional(),
  type: z.number().int().optional(),
  lang: Lang.optional(),
});
export type EditMemberRequest = z.infer<typeof EditMemberRequest>;

export const MemberRowRequest = z.object({ id: RowId, email: SentEmail.optional() });
export type MemberRowRequest = z.infer<typeof MemberRowRequest>;

/** Hand the app to an active member (`targetEmail`); `id` is the owner row. */
export const ChangeOwnerRequest = z.object({
  id: z.number().int().positive().optional(),
  email: SentEmail.optional(),
  targetEmail: Email,
  targetUid: z.number().int().positive().optional(),
});
export type ChangeOwnerRequest = z.infer<typeof ChangeOwnerRequest>;

export const InviteToken = z.object({
  token: singleLineText({ trim: false, min: 16, minMessage: 'is not a valid invitation', max: 200 }),
});
export type InviteToken = z.infer<typeof InviteToken>;

export const InviteInfo = z.object({
  email: z.string(),
  appId: z.number().int(),
  appTitle: z.string(),
  ulevel: z.number().int(),
  inviterEmail: z.string(),
  /** Whether an account with the invited e-mail exists (sign in) or not (register). */
  hasAccount: z.boolean(),
  registrationEnabled: z.boolean(),
  expiresAt: z.string(),
});
export type InviteInfo = z.infer<typeof InviteInfo>;

export const InviteRegisterRequest = z.object({
  token: InviteToken.shape.token,
  password: Password,
  lang: Lang.optional(),
});
export type InviteRegisterRequest = z.infer<typeof InviteRegisterRequest>;

export const InviteAccepted = z.object({
  appId: z.number().int(),
  appTitle: z.string(),
  ulevel: z.number().int(),
});
export type InviteAccepted = z.infer<typeof InviteAccepted>;

const base = '/tcm/v1/app/:appId/operator';

export const teamCalls = {
  list: defineCall({
    method: 'POST',
    path: `${base}/list`,
    summary: 'Team members and pending invitations, by e-mail search',
    params: AppIdParams,
    body: TeamListRequest,
    data: z.object({ results: z.array(TeamMember), total: z.number().int() }),
  }),
  invite: defineCall({
    method: 'POST',
    path: `${base}/create`,
    summary: 'Invite a teammate by e-mail (levels 100, 200); mails a 7-day, single-use link',
    params: AppIdParams,
    body: InviteRequest,
    data: z.object({ id: z.number().int() }),
  }),
  edit: defineCall({
    method: 'POST',
    path: `${base}/edit`,
    summary: 'Change a member’s role to 300, 400 or 500 (levels 100, 200)',
    params: AppIdParams,
    body: EditMemberRequest,
    data: EmptyData,
  }),
  cancelInvite: defineCall({
    method: 'POST',
    path: `${base}/invite/cancel`,
    summary: 'Withdraw a pending invitation (levels 100, 200)',
    params: AppIdParams,
    body: MemberRowRequest,
    data: EmptyData,
  }),
  remove: defineCall({
    method: 'POST',
    path: `${base}/delete`,
    summary: 'Remove a member, never the owner (levels 100, 200, 300)',
    params: AppIdParams,
    body: MemberRowRequest,
    data: EmptyData,
  }),
  changeOwner: defineCall({
    method: 'POST',
    path: `${base}/update/owner`,
    summary: 'Hand the app to an active member; the old owner becomes manager (levels 100, 200)',
    params: AppIdParams,
    body: ChangeOwnerRequest,
    data: EmptyData,
  }),
  inviteInfo: defineCall({
    method: 'POST',
    path: '/tcm/v1/team/invite/info',
    summary: 'What an invitation link is for (app, role, e-mail)',
    body: InviteToken,
    data: InviteInfo,
    auth: false,
  }),
  acceptInvite: defineCall({
    method: 'POST',
    path: '/tcm/v1/team/invite/accept',
    summary: 'Accept an invitation as the signed-in user with the invited e-mail',
    body: InviteToken,
    data: InviteAccepted,
  }),
  registerInvite: defineCall({
    method: 'POST',
    path: '/tcm/v1/team/invite/register',
    summary: 'Create an account for the invited e-mail (the link proves the mailbox), sign in and accept',
    body: InviteRegisterRequest,
    data: InviteAccepted,
    auth: false,
  }),
};
