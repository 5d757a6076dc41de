import { z } from 'zod';
import { defineCall, EmptyBody } from '../call';
import { numberInput } from '../numbers';
import { singleLineText } from '../text';
import { AppIdParams } from './apps';

/**
 * Per-app API keys (issue 33 §6): the operator's own systems call the console API with
 * `Authorization: Bearer bk_live_…` instead of a console user's cookie. A key belongs to one app, holds scopes, and
 * may call exactly the routes its scopes list below (API_KEY_ROUTES), on its own app only; every other /tcm route
 * refuses it. The server stores the key's SHA-256, never the key, which is shown once at creation.
 */

/** What a key may be given. */
export const API_KEY_SCOPES = ['send', 'statistics:read', 'materials:manage'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** `bk_live_` then 32 base62 characters (≈190 bits). */
export const API_KEY_PREFIX = 'bk_live_';
export const API_KEY_PATTERN = /^bk_live_[0-9A-Za-z]{22,64}$/;
/** How many characters of a key its listing shows (`bk_live_` and the first 4 of the secret). */
export const API_KEY_VISIBLE = API_KEY_PREFIX.length + 4;

export const API_KEY_LIMITS = {
  nameMax: 64,
  /** keys an app may hold, revoked ones not counted */
  perApp: 20,
  /** a revocation reaches every process within this many seconds (each caches a key this long) */
  cacheSeconds: 5,
  /** a key's last use is written at most once per this many seconds per process */
  lastUsedSeconds: 60,
} as const;

/** A route a key may call: `METHOD /tcm/path` (Fastify style); `writes`: each call is written to the audit log. */
export interface KeyRoute {
  route: string;
  writes: boolean;
}

const read = (route: string): KeyRoute => ({ route, writes: false });
const write = (route: string): KeyRoute => ({ route, writes: true });
const APP = '/tcm/v1/app/:appId';

/**
 * The one list of what each scope may call (the server's access guard and the access-matrix test read it). A route not
 * listed here never accepts a key: sign-in, users, team, the app's settings and secrets, global settings and the keys
 * themselves are console-only.
 */
export const API_KEY_ROUTES: Readonly<Record<ApiKeyScope, readonly KeyRoute[]>> = {
  send: [
    write(`POST ${APP}/transactional/send`),
    write(`POST ${APP}/msg/save`),
    read(`POST ${APP}/msg/check`),
    read(`POST ${APP}/msg/gaid/check`),
    read(`POST ${APP}/msg/list`),
    read(`POST ${APP}/msg/detail`),
    write(`POST ${APP}/msg/:msgId/stop`),
    write(`POST ${APP}/msg/:msgId/cancel`),
  ],
  'statistics:read': [
    read(`POST ${APP}/msg/list`),
    read(`POST ${APP}/msg/detail`),
    read(`GET ${APP}/msg/:msgId/funnel`),
    read(`GET ${APP}/msg/:msgId/reach`),
    read(`GET ${APP}/msg/:msgId/lose`),
    read(`GET ${APP}/msg/:msgId/showCount`),
    read(`GET ${APP}/msg/:msgId/recovered`),
    read(`GET ${APP}/msg/:msgId/lift`),
    read(`GET ${APP}/msg/:msgId/distribution/:dimension`),
    read(`GET ${APP}/msg/:msgId/distribution/:dimension/export`),
    read(`GET ${APP}/report/yesterday`),
    read(`GET ${APP}/report/project`),
    read(`GET ${APP}/report/dimension`),
    read(`GET ${APP}/report/version-country`),
    read(`GET ${APP}/report/uninstalls`),
    read(`GET ${APP}/report/user`),
    read(`GET ${APP}/report/export`),
    read(`GET ${APP}/report/msg/export`),
    read(`GET ${APP}/report/trend/export`),
    read(`GET ${APP}/report/uninstalls/export`),
    read(`GET ${APP}/report/custom-events`),
    read(`GET ${APP}/report/custom-events/export`),
  ],
  'materials:manage': [
    read(`POST ${APP}/material/list`),
    read(`GET ${APP}/material/:materialId/detail`),
    read(`GET ${APP}/material/:materialId/child/list`),
    read(`POST ${APP}/material/review/list`),
    write(`POST ${APP}/material/create`),
    write(`POST ${APP}/material/api/create`),
    write(`POST ${APP}/material/:materialId/edit`),
    write(`POST ${APP}/material/:materialId/delete`),
    write(`POST ${APP}/material/upload`),
  ],
};

/**
 * The scopes that open `METHOD route` (route as registered, `:param` style) and whether a call of it is audited; an
 * empty list: no key may call it.
 */
export function keyAccessOf(method: string, route: string): { scopes: ApiKeyScope[]; writes: boolean } {
  const key = `${method.toUpperCase()} ${route}`;
  const scopes: ApiKeyScope[] = [];
  let writes = false;
  for (const scope of API_KEY_SCOPES) {
    const hit = API_KEY_ROUTES[scope].find((r) => r.route === key);
    if (hit) {
      scopes.push(scope);
      writes ||= hit.writes;
    }
  }
  return { scopes, writes };
}

export const ApiKeyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the key's first characters (`bk_live_AbCd`), enough to recognise it */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdBy: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyRow = z.infer<typeof ApiKeyRow>;

export const ApiKeyCreate = z.object({
  name: singleLineText({ required: true, max: API_KEY_LIMITS.nameMax }),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, 'must be send, statistics:read or materials:manage'))
    .min(1, 'must hold at least one scope')
    .transform((s) => [...new Set(s)]),
});
export type ApiKeyCreate = z.output<typeof ApiKeyCreate>;
export type ApiKeyCreateInput = z.input<typeof ApiKeyCreate>;

const KeyParams = AppIdParams.extend({ keyId: numberInput(z.number().int().positive()) });

/** The app's keys: its owner and super admins (as its secret), from the console only. */
export const apiKeyCalls = {
  list: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/api-keys',
    summary: 'The app’s API keys (revoked ones included), newest first; never the key itself',
    params: AppIdParams,
    body: EmptyBody,
    data: z.object({ keys: z.array(ApiKeyRow) }),
  }),
  create: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/api-keys/create',
    summary: 'Create an API key with scopes; the answer holds the key, shown this once',
    params: AppIdParams,
    body: ApiKeyCreate,
    data: z.object({ key: ApiKeyRow, secret: z.string() }),
  }),
  revoke: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/api-keys/:keyId/revoke',
    summary: 'Revoke an API key: refused everywhere within 5 seconds',
    params: KeyParams,
    body: EmptyBody,
    data: ApiKeyRow,
  }),
};
