import { z } from 'zod';
import { defineCall } from '../call';
import { numberInput } from '../numbers';
import { singleLineText } from '../text';

/**
 * The audit log of platform policy changes (who, when, old → new), readable by levels 100 and 150:
 * `GET /tcm/v1/platform/audit?area=&actor=&from=&to=&pageNo=&pageSize=` (newest first, 20 a page).
 */

/** Areas written by Beacon's modules (the column is free text; a module adding an area adds it here). */
export const POLICY_AUDIT_AREAS = [
  'models',
  'model-countries',
  'apps',
  'forbid',
  'global-settings',
  'daily-limits',
  'sensitive-words',
  'app-settings',
  'message-review',
  'material',
  'api-keys',
] as const;

export const AUDIT_PAGE_SIZE = 20;

export const PolicyAuditRow = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorEmail: z.string(),
  area: z.string(),
  action: z.string(),
  target: z.string(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
  at: z.string(),
});
export type PolicyAuditRow = z.infer<typeof PolicyAuditRow>;

export const PolicyAuditQuery = z
  .object({
    area: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9-]{0,39}$/, 'must be an area name such as models')
      .optional(),
    actor: singleLineText({ max: 254 }).optional(),
    from: z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }).optional(),
    to: z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }).optional(),
    pageNo: numberInput(z.number().int().min(1)).default(1),
    pageSize: numberInput(z.number().int().min(1).max(100)).default(AUDIT_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    path: ['to'],
    message: 'must not be before from',
  });
export type PolicyAuditQuery = z.infer<typeof PolicyAuditQuery>;

export const auditCalls = {
  list: defineCall({
    method: 'GET',
    path: '/tcm/v1/platform/audit',
    summary: 'Policy changes, newest first, filtered by area, actor e-mail and date range',
    query: PolicyAuditQuery,
    data: z.object({ list: z.array(PolicyAuditRow), total: z.number().int() }),
  }),
};
