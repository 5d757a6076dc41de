import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_ROUTES, API_KEY_SCOPES, keyAccessOf, type ApiKeyScope } from '@beacon/shared';
import { KEY_PROJECT_LEVEL, type Access } from '../lib/register-call';
import { backends } from '../test/databases';
import { seedTeam, TEAM } from '../test/fixtures/team';
import { startTestApp, type TestApp } from '../test/test-app';

/**
 * The role × route matrix: every /tcm route of the OpenAPI document × every kind of caller, on an app of another
 * team than the stranger's. The callers include API keys (issue 33 §6): one per scope on the route's app, a revoked
 * one with every scope, and one with every scope of another app. The expected answers are committed in access-matrix.json, so a new route without an
 * access rule, or a rule that changes, fails here until someone writes down who may call it
 * (`UPDATE_ACCESS_MATRIX=1 npx vitest run --project server src/security/access-matrix.test.ts` rewrites the file
 * from what the server does; review the diff). Independently of the file, no caller outside a route's declared rule
 * may pass it, and no route answers 500 to a caller.
 */
const USER_CALLERS = [
  'anonymous',
  'stranger',
  'tester',
  'operator',
  'manager',
  'owner',
  'admin',
  'root',
] as const;
const KEY_CALLERS = [
  'key:send',
  'key:statistics:read',
  'key:materials:manage',
  'key:revoked',
  'key:other-app',
] as const;
const CALLERS = [...USER_CALLERS, ...KEY_CALLERS] as const;
type Caller = (typeof CALLERS)[number];
type KeyCallerName = (typeof KEY_CALLERS)[number];
const isKey = (c: Caller): c is KeyCallerName => c.startsWith('key:');

const MEMBER_LEVELS: Partial<Record<Caller, number>> = {
  owner: 200,
  manager: 300,
  operator: 400,
  tester: 500,
};
const USER_LEVELS: Partial<Record<Caller, number>> = { admin: 150, root: 100 };

const MATRIX_FILE = new URL('./access-matrix.json', import.meta.url);

/**
 * Whether the declared rule lets `caller` through (root is level 100 on every app). A key passes only a route its
 * scope lists (API_KEY_ROUTES), on its own app, whose rule an operator passes; a revoked key or another app's, none.
 */
function ruleAllows(access: Access, caller: Caller): boolean {
  if (isKey(caller)) return false;
  if (access === 'public') return true;
  if (caller === 'anonymous') return false;
  if (access === 'user') return true;
  const ulevel = USER_LEVELS[caller];
  if ('ulevels' in access) return ulevel !== undefined && access.ulevels.includes(ulevel);
  if (ulevel !== undefined && access.orUserLevels?.includes(ulevel)) return true;
  const level = caller === 'root' ? 100 : MEMBER_LEVELS[caller];
  return level !== undefined && access.appLevels.includes(level);
}

/** An OpenAPI path (`/a/{appId}`) as a Fastify route (`/a/:appId`). */
const routeOf = (openapiPath: string) => openapiPath.replace(/\{(\w+)\}/g, ':$1');

/** A concrete URL: the app's id for `:appId`, harmless values for the other parameters, `appId` in the query. */
function urlFor(route: string, appId: number): string {
  const filled = route.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'appId') return String(appId);
    if (name === 'dimension') return 'country';
    return name === 'enable' || name === 'switch' || name === 'option' ? '1' : '999999';
  });
  return `${filled}?appId=${appId}`;
}

function keyAllows(route: { method: string; route: string; access: Access }, caller: KeyCallerName) {
  const scope = caller.slice(4) as ApiKeyScope;
  if (!(API_KEY_SCOPES as readonly string[]).includes(scope)) return false;
  const { access } = route;
  return (
    keyAccessOf(route.method, route.route).scopes.includes(scope) &&
    typeof access === 'object' &&
    'appLevels' in access &&
    access.appLevels.includes(KEY_PROJECT_LEVEL)
  );
}

/** A key of `appId` with `scopes` straight into app_api_keys (revoked when asked); returns the key. */
async function plantKey(
  t: TestApp,
  appId: number,
  userId: number,
  scopes: readonly string[],
  revoked = false,
) {
  const secret = `bk_live_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`;
  await t.database.query(
    `INSERT INTO app_api_keys (app_id, name, prefix, hash, scopes, created_by, created_by_email, revoked_at)
     VALUES ($1, 'matrix', $2, decode($3, 'hex'), $4::text[], $5, 'owner@example.com', $6)`,
    [
      appId,
      secret.slice(0, 12),
      createHash('sha256').update(secret).digest('hex'),
      scopes,
      userId,
      revoked ? new Date() : null,
    ],
  );
  return secret;
}

describe.each(backends('one'))('access matrix: every /tcm route × every caller [$name]', (backend) => {
  let t: TestApp;
  const users = new Map<Caller, number>();
  const observed: Record<string, string> = {};
  let routes: Array<{ key: string; method: string; route: string; access: Access }> = [];
  let elsewhere: { app: { id: number } };
  let otherAppKey = '';

  beforeAll(async () => {
    t = await startTestApp(backend);
    await seedTeam(t);
    for (const caller of USER_CALLERS) {
      if (caller === 'anonymous') continue;
      const email = TEAM[caller === 'admin' ? 'admin' : caller];
      users.set(caller, (await t.repos.users.findByEmail(email))!.id);
    }
    // the stranger belongs to another team: it owns an app of its own
    elsewhere = await t.services.apps.create({
      title: 'Elsewhere',
      pkg: 'com.example.elsewhere',
      owner: { userId: users.get('stranger')!, email: TEAM.stranger },
    });
    const doc = (await t.app.inject({ method: 'GET', url: '/tcm/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!path.startsWith('/tcm/')) continue;
      for (const method of Object.keys(operations)) {
        const route = routeOf(path);
        const key = `${method.toUpperCase()} ${route}`;
        const access = t.app.accessRules.get(key);
        routes.push({ key, method: method.toUpperCase(), route, access: access! });
      }
    }
    routes = routes.sort((a, b) => a.key.localeCompare(b.key));
    otherAppKey = await plantKey(t, elsewhere.app.id, users.get('stranger')!, API_KEY_SCOPES);
  });
  afterAll(async () => t?.close());

  it('documents every route that has an access rule, and every documented route has one', () => {
    const documented = new Set(routes.map((r) => r.key));
    const undocumented = [...t.app.accessRules.keys()].filter(
      (k) => !documented.has(k) && k !== 'GET /tcm/docs/json',
    );
    expect(undocumented).toEqual([]);
    expect(routes.filter((r) => !r.access).map((r) => r.key)).toEqual([]);
    expect(routes.length).toBeGreaterThan(140);
    // every route a key scope lists exists, and admits an operator (a key acts as one)
    const keyRoutes = Object.values(API_KEY_ROUTES).flatMap((list) => list.map((r) => r.route));
    expect(keyRoutes.filter((k) => !documented.has(k))).toEqual([]);
    const beyondOperator = routes.filter(
      (r) => keyRoutes.includes(r.key) && !KEY_CALLERS.some((c) => keyAllows(r, c)),
    );
    expect(beyondOperator.map((r) => r.key)).toEqual([]);
  });

  it('answers each caller as the committed matrix says, never past the declared rule, never 500', async () => {
    const wronglyAllowed: string[] = [];
    const keyRefused: string[] = [];
    const serverErrors: string[] = [];
    let n = 0;
    for (const r of routes) {
      // a fresh app and fresh sessions per route, so that what one allowed call changes cannot affect another
      const owner = users.get('owner')!;
      const { app } = await t.services.apps.create({
        title: `Matrix ${n}`,
        pkg: `com.example.matrix${n++}`,
        owner: { userId: owner, email: TEAM.owner },
      });
      for (const caller of ['manager', 'operator', 'tester'] as const) {
        await t.database.query(
          'INSERT INTO app_members (app_id, user_id, email, ulevel, status) VALUES ($1, $2, $3, $4, 0)',
          [app.id, users.get(caller), TEAM[caller], MEMBER_LEVELS[caller]],
        );
      }
      const keys = new Map<Caller, string>([['key:other-app', otherAppKey]]);
      for (const scope of API_KEY_SCOPES) keys.set(`key:${scope}`, await plantKey(t, app.id, owner, [scope]));
      keys.set('key:revoked', await plantKey(t, app.id, owner, API_KEY_SCOPES, true));
      const allowed: Caller[] = [];
      for (const caller of CALLERS) {
        const userId = users.get(caller);
        const token =
          userId === undefined
            ? undefined
            : await t.services.users.openSession(userId, { ip: '127.0.0.1', userAgent: 'matrix' });
        const key = keys.get(caller);
        const res = await t.app.inject({
          method: r.method as 'GET' | 'POST',
          url: urlFor(r.route, app.id),
          headers: key
            ? { authorization: `Bearer ${key}` }
            : token
              ? { cookie: `beacon_session=${token}` }
              : {},
          ...(r.method === 'GET' ? {} : { payload: { appId: app.id } }),
        });
        let status: unknown;
        try {
          status = res.json<{ status?: unknown }>().status;
        } catch {
          status = undefined; // a download
        }
        const denied = [401, 403].includes(res.statusCode) || [401, 403, 1002].includes(status as number);
        if (res.statusCode >= 500) serverErrors.push(`${r.key} as ${caller}: ${res.body.slice(0, 200)}`);
        if (!denied) allowed.push(caller);
        const declared = isKey(caller) ? keyAllows(r, caller) : ruleAllows(r.access, caller);
        if (!denied && !declared) wronglyAllowed.push(`${r.key} as ${caller}`);
        // a key is refused only for what its scope does not cover
        if (isKey(caller) && declared && denied) keyRefused.push(`${r.key} as ${caller}`);
      }
      observed[r.key] = allowed.join(' ');
    }
    expect(wronglyAllowed).toEqual([]);
    expect(keyRefused).toEqual([]);
    expect(serverErrors).toEqual([]);
    if (process.env.UPDATE_ACCESS_MATRIX === '1') {
      writeFileSync(MATRIX_FILE, `${JSON.stringify(observed, null, 2)}\n`);
    }
    const committed = JSON.parse(readFileSync(MATRIX_FILE, 'utf8')) as Record<string, string>;
    const missing = Object.keys(observed).filter((k) => !(k in committed));
    expect(missing, 'routes missing from access-matrix.json: write down who may call them').toEqual([]);
    expect(observed).toEqual(committed);
  });
});
