import { z } from 'zod';
import { defineCall } from '../call';
import { numberInput } from '../numbers';

/**
 * App control (spec part 1 §2 "apps" tab, §3 "App control entry"), levels 100 and 150. appControlType 1: the
 * notification-control apps (the phone-model shielding applies to their messages); 2: the global-whitelist apps
 * (exempt from global model shielding).
 *
 * Calls: `POST /tcm/global/uem/app/control/config/list` and `/white/config/list` (the two lists);
 * `POST /tcm/global/uem/app/control/config/edit` and `/white/config/edit` with `{operateType: 1 add | 2 delete,
 * id, appId}` (add needs appId; delete takes the entry id, or the appId); `GET /tcm/global/uem/app/candidates`
 * (every app, for the picker).
 */
export const APP_CONTROL_TYPES = { NOTIFICATION_CONTROL: 1, GLOBAL_WHITELIST: 2 } as const;
export type AppControlType = 1 | 2;

export const AppControlEntry = z.object({
  id: z.number().int(),
  appId: z.number().int(),
  title: z.string(),
  pkg: z.string(),
  logo: z.string(),
  appControlType: z.union([z.literal(1), z.literal(2)]),
  createTime: z.string(),
});
export type AppControlEntry = z.infer<typeof AppControlEntry>;

export const AppControlEditRequest = z
  .object({
    operateType: numberInput(z.union([z.literal(1), z.literal(2)], 'must be 1 (add) or 2 (delete)')),
    id: numberInput(z.number().int().positive()).optional(),
    appId: numberInput(z.number().int().positive()).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.operateType === 1 && v.appId === undefined)
      ctx.addIssue({ code: 'custom', path: ['appId'], message: 'is required: choose an app' });
    if (v.operateType === 2 && v.id === undefined && v.appId === undefined)
      ctx.addIssue({ code: 'custom', path: ['id'], message: 'is required: the entry to delete' });
  });
export type AppControlEditRequest = z.infer<typeof AppControlEditRequest>;

export const AppControlCandidate = z.object({
  appId: z.number().int(),
  title: z.string(),
  pkg: z.string(),
  logo: z.string(),
});
export type AppControlCandidate = z.infer<typeof AppControlCandidate>;

const list = z.object({ list: z.array(AppControlEntry) });

export const appControlCalls = {
  controlList: defineCall({
    method: 'POST',
    path: '/tcm/global/uem/app/control/config/list',
    summary: 'Notification-control apps (type 1)',
    data: list,
  }),
  whiteList: defineCall({
    method: 'POST',
    path: '/tcm/global/uem/app/white/config/list',
    summary: 'Global-whitelist apps (type 2)',
    data: list,
  }),
  controlEdit: defineCall({
    method: 'POST',
    path: '/tcm/global/uem/app/control/config/edit',
    summary: 'Adds (1) or deletes (2) a notification-control app',
    body: AppControlEditRequest,
    data: z.object({}),
  }),
  whiteEdit: defineCall({
    method: 'POST',
    path: '/tcm/global/uem/app/white/config/edit',
    summary: 'Adds (1) or deletes (2) a global-whitelist app',
    body: AppControlEditRequest,
    data: z.object({}),
  }),
  candidates: defineCall({
    method: 'GET',
    path: '/tcm/global/uem/app/candidates',
    summary: 'Every app, for the app picker',
    data: z.object({ apps: z.array(AppControlCandidate) }),
  }),
};
