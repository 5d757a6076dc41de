import { z } from 'zod';
import { defineCall } from '../call';
import { MESSAGE_LANGS } from '../error-codes';
import { LIMITS, PASSWORD_PATTERN } from '../limits';
import { numberInput } from '../numbers';
import { multiLineText, singleLineText } from '../text';

/** What a call that answers nothing returns as `data`. */
const EmptyData = z.object({}).optional();

export const Email = z.string().trim().toLowerCase().max(254).email('must be a valid e-mail address');
export const Password = z
  .string()
  .regex(PASSWORD_PATTERN, 'must be 8 to 20 characters with a digit, a letter and one of !@#$%&');
export const Lang = z.enum(MESSAGE_LANGS);
export type Lang = z.infer<typeof Lang>;

export const SessionUser = z.object({
  email: z.string(),
  ulevel: z.number().int(),
  source: z.number().int(),
  description: z.string(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const UserRow = SessionUser.extend({
  id: z.number().int(),
  activated: z.boolean(),
  ownApps: z.number().int(),
  createTime: z.string(),
});
export type UserRow = z.infer<typeof UserRow>;

export const LoginRequest = z.object({ email: Email, password: z.string().min(1, 'is required').max(100) });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const RegisterRequest = z.object({ email: Email, password: Password, lang: Lang.optional() });
export type RegisterRequest = z.infer<typeof RegisterRequest>;

const EmailedToken = singleLineText({ trim: false, min: 16, max: 200 });

export const TokenRequest = z.object({ token: EmailedToken });
export const RecoverRequest = z.object({ email: Email, lang: Lang.optional() });
export const ResetPasswordRequest = z.object({ token: EmailedToken, password: Password });
export const ChangePasswordRequest = z.object({
  oldPassword: z.string().min(1, 'is required').max(100),
  newPassword: Password,
});

export const UserListRequest = z.object({
  email: singleLineText({ max: 254 }).optional().default(''),
  pageNo: numberInput(z.number().int().min(1)).default(1),
  pageSize: numberInput(z.number().int().min(1).max(100)).default(LIMITS.usersPageSize),
});
export type UserListRequest = z.infer<typeof UserListRequest>;

export const UserSaveRequest = z
  .object({
    id: z.number().int().optional(),
    email: Email,
    description: multiLineText({ max: LIMITS.userDescriptionMax }).default(''),
    source: z.union([z.literal(1), z.literal(2)]),
    ulevel: z.union([z.literal(0), z.literal(100), z.literal(150)]).default(0),
    password: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    const pw = value.password ?? '';
    if (value.source === 2 && value.id === undefined && pw === '')
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'is required for an external user' });
    if (value.source === 2 && pw !== '' && !PASSWORD_PATTERN.test(pw))
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: 'must be 8 to 20 characters with a digit, a letter and one of !@#$%&',
      });
  });
export type UserSaveRequest = z.infer<typeof UserSaveRequest>;

export const UserDeleteRequest = z.object({ email: Email });

export const SystemInfo = z.object({
  version: z.string(),
  sandbox: z.boolean(),
  ssoEnabled: z.boolean(),
  registrationEnabled: z.boolean(),
});
export type SystemInfo = z.infer<typeof SystemInfo>;

export const userCalls = {
  systemInfo: defineCall({
    method: 'GET',
    path: '/tcm/v1/system/info',
    summary: 'Server facts the console shows',
    data: SystemInfo,
    auth: false,
  }),
  login: defineCall({
    method: 'POST',
    path: '/tcm/v1/user/login',
    summary: 'Sign in with e-mail and password',
    body: LoginRequest,
    data: SessionUser,
    auth: false,
  }),
  loginStatus: defineCall({
    method: 'POST',
    path: '/tcm/v1/user/login/status',
    summary: 'The signed-in user, or HTTP 401',
    data: SessionUser,
  }),
  logout: defineCall({
    method: 'POST',
    path: '/tcm/v1/user/logout',
    summary: 'Sign out: revoke this session',
    data: EmptyData,
    auth: false,
  }),
  register: defineCall({
    method: 'POST',
    path: '/tcm/v1/user/register',
    summary: 'Create a local account; sends an activation mail',
    body: RegisterRequest,
    data: EmptyData,
    auth: false,
  }),
  activate: defineCall({
    method: 'POST',
    path: '/tcm/v1/user/activate',
    summary: 'Activate an account with the token of its mail',
    body: TokenRequest,
    data: EmptyData,
    auth: false,
  }),
  recover: defineCall({
    method: 'POST',
    path: '/tcm/v1/user/recover',
    summary: 'Send a password-reset mail (answers success for unknown e-mails too)',
    body: RecoverRequest,
    data: EmptyData,
    auth: false,
  }),
  resetPassword: defineCall({
    method: 'POST',
    path: '/tcm/v1/user/password/reset',
    summary: 'Set a new password with a reset token (single use)',
    body: ResetPasswordRequest,
    data: EmptyData,
    auth: false,
  }),
  changePassword: defineCall({
    method: 'POST',
    path: '/tcm/v1/user/password/change',
    summary: 'Change the signed-in local user’s password',
    body: ChangePasswordRequest,
    data: EmptyData,
  }),
  ssoUrl: defineCall({
    method: 'POST',
    path: '/tcm/v1/user/sso-url',
    summary: 'The identity provider’s authorization URL',
    data: z.object({ url: z.string() }),
    auth: false,
  }),
  ssoLogin: defineCall({
    method: 'POST',
    path: '/tcm/v1/user/sso-login',
    summary: 'Finish single sign-on with the provider’s code',
    query: z.object({
      code: singleLineText({ trim: false, min: 1, max: 2048 }),
      state: singleLineText({ trim: false, max: 512 }).optional(),
      iss: singleLineText({ trim: false, max: 2048 }).optional(),
    }),
    data: SessionUser,
    auth: false,
  }),
  ssoLogout: defineCall({
    method: 'POST',
    path: '/tcm/v1/user/sso-logout',
    summary: 'Sign out and get the provider’s logout URL',
    data: z.object({ url: z.string() }),
    auth: false,
  }),
  list: defineCall({
    method: 'POST',
    path: '/tcm/v1/user/list',
    summary: 'Users (level 100)',
    body: UserListRequest,
    data: z.object({ results: z.array(UserRow), total: z.number().int() }),
  }),
  save: defineCall({
    method: 'POST',
    path: '/tcm/v1/user/save',
    summary: 'Create or edit a user (level 100)',
    body: UserSaveRequest,
    data: z.object({ id: z.number().int() }),
  }),
  remove: defineCall({
    method: 'POST',
    path: '/tcm/v1/user/delete',
    summary: 'Delete a user who owns no app (level 100)',
    body: UserDeleteRequest,
    data: EmptyData,
  }),
};
