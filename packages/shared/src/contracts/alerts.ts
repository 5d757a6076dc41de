import { z } from 'zod';
import { defineCall } from '../call';
import { numberInput } from '../numbers';

/** What the platform raises alerts about (DESIGN §5: credential failures, stopped messages, exhausted quotas). */
export const ALERT_KINDS = ['fcm_credentials', 'message_stopped', 'quota_exhausted'] as const;
export const AlertKind = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof AlertKind>;

export const AlertSeverity = z.enum(['error', 'warning']);
export type AlertSeverity = z.infer<typeof AlertSeverity>;

/** How serious each kind is: sending stopped is an error; an exhausted quota slows sending down. */
export const ALERT_SEVERITY: Record<AlertKind, AlertSeverity> = {
  fcm_credentials: 'error',
  message_stopped: 'error',
  quota_exhausted: 'warning',
};

/** Alerts shown at once and the console's refresh period (part 1 §9: keep 100, refresh 60 s). */
export const ALERT_LIMITS = { shown: 100, refreshMs: 60_000 } as const;

/** Values an alert's text is rendered from. */
export const AlertParams = z.record(z.string(), z.union([z.string(), z.number()]));
export type AlertParams = z.infer<typeof AlertParams>;

export const AdminAlert = z.object({
  id: z.number().int(),
  appId: z.number().int().nullable(),
  appTitle: z.string(),
  kind: AlertKind,
  severity: AlertSeverity,
  /** Rendered in the request language. */
  message: z.string(),
  params: AlertParams,
  firstAt: z.string(),
  lastAt: z.string(),
  count: z.number().int(),
  resolvedAt: z.string().nullable(),
});
export type AdminAlert = z.infer<typeof AdminAlert>;

export const AlertList = z.object({ results: z.array(AdminAlert), total: z.number().int() });
export type AlertList = z.infer<typeof AlertList>;

/** Admin alerts (levels 100 and 150): the open ones, newest first, at most 100; `total` counts every open alert. */
export const alertCalls = {
  list: defineCall({
    method: 'GET',
    path: '/tcm/v1/dashboard/alarm',
    summary: 'Open platform alerts, newest first (first 100)',
    data: AlertList,
  }),
  resolve: defineCall({
    method: 'POST',
    path: '/tcm/v1/dashboard/alarm/:id/resolve',
    summary: 'Mark an alert resolved',
    params: z.object({ id: numberInput(z.number().int().positive()) }),
    body: z.object({}).optional(),
    data: z.object({}),
  }),
};
