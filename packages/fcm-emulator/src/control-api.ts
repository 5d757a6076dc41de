import { type Core } from './core';
import { rpcError, type Reply } from './errors';
import { type Exchange } from './exchange';
import { Receipts } from './fleet/receipts';
import { type FaultSpec, type QuotaSettings } from './types';

export const CONTROL_PREFIX = '/emulator/v1';

/** The receipts set up through the control API, per emulator: one per project, device API and app key. */
const receiptsByCore = new WeakMap<Core, Map<string, Receipts>>();
function receiptsOf(core: Core): Map<string, Receipts> {
  let map = receiptsByCore.get(core);
  if (!map) {
    map = new Map<string, Receipts>();
    receiptsByCore.set(core, map);
  }
  return map;
}
const MAX_BATCH = 2_000_000;

type Body = Record<string, unknown>;

class ControlError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const ok = (value: unknown): Reply => ({ status: 200, body: JSON.stringify(value) });

function parseBody(raw: string): Body {
  if (raw.trim() === '') return {};
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw new ControlError(400, 'The body is not valid JSON.');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new ControlError(400, 'The body must be a JSON object.');
  return v as Body;
}

function str(body: Body, key: string, required: true): string;
function str(body: Body, key: string, required?: false): string | undefined;
function str(body: Body, key: string, required = false): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) {
    if (required) throw new ControlError(400, `"${key}" is required.`);
    return undefined;
  }
  if (typeof v !== 'string') throw new ControlError(400, `"${key}" must be a string.`);
  return v;
}

function bool(body: Body, key: string): boolean | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw new ControlError(400, `"${key}" must be a boolean.`);
  return v;
}

function device(core: Core, token: string): void {
  if (!core.registry.devices.has(token)) throw new ControlError(404, `Unknown device token: ${token}`);
}

function projectRoute(
  core: Core,
  method: string,
  project: string,
  action: string,
  body: Body,
): Reply | undefined {
  if (method === 'POST' && action === '/serviceAccounts') {
    return ok(
      core.createServiceAccount(project, {
        tokenUri: str(body, 'tokenUri'),
        clientEmail: str(body, 'clientEmail'),
      }),
    );
  }
  if (method === 'POST' && action === '/devices') {
    const token = core.registry.register({
      projectId: str(body, 'senderProject') ?? project,
      packageName: str(body, 'packageName', true),
      online: bool(body, 'online'),
      token: str(body, 'token') ?? str(body, 'fid'),
    });
    return ok({ token });
  }
  if (method === 'POST' && action === '/devices:batchCreate') {
    const count = body.count;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > MAX_BATCH) {
      throw new ControlError(400, `"count" must be an integer between 0 and ${MAX_BATCH}.`);
    }
    const packageName = str(body, 'packageName', true);
    const online = bool(body, 'online');
    const tokens: string[] = [];
    for (let i = 0; i < count; i++)
      tokens.push(core.registry.register({ projectId: project, packageName, online }));
    return ok({ tokens });
  }
  if (method === 'POST' && action === '/deliveries:count') {
    // how many of the project's devices hold 0, 1, 2, … deliveries of one message (its collapse key): exactly-once
    // checks across processes and hosts (a device inbox keeps its last 20)
    // with `times: true`, also when each delivery arrived (epoch ms, sorted): rates measured at FCM's side
    const key = str(body, 'collapseKey', true);
    const withTimes = bool(body, 'times') === true;
    const byCount: Record<string, number> = {};
    const times: number[] = [];
    for (const d of core.registry.devices.values()) {
      if (d.projectId !== project) continue;
      const mine = core.registry
        .inbox(d.token)
        .filter((x) => (x.message.android as { collapse_key?: string } | undefined)?.collapse_key === key);
      byCount[mine.length] = (byCount[mine.length] ?? 0) + 1;
      if (withTimes) for (const x of mine) times.push(x.receivedAt);
    }
    return ok(withTimes ? { byCount, times: times.sort((x, y) => x - y) } : { byCount });
  }
  if (method === 'POST' && action === '/receipts') {
    // the project's devices (token → gaid) report `received` for each Beacon message delivered to them, through
    // Beacon's device API at `apiBaseUrl`: an emulator in its own process standing in for the SDK's receipts
    const devices = body.devices;
    if (typeof devices !== 'object' || devices === null || Array.isArray(devices))
      throw new ControlError(400, '"devices" must be an object of token → gaid.');
    const opts = {
      apiBaseUrl: str(body, 'apiBaseUrl', true),
      appKey: str(body, 'appKey', true),
      appSecret: str(body, 'appSecret', true),
    };
    // one reporter per project and app: a later call adds its devices to it, so that a fleet too large for one
    // request body (1 MB) is set up in several calls and its receipts still leave in one queue, in delivery order
    const known = receiptsOf(core);
    const key = `${project}\n${opts.apiBaseUrl}\n${opts.appKey}`;
    const existing = known.get(key);
    if (existing) existing.add(devices as Record<string, string>);
    else {
      const receipts = new Receipts(project, { ...opts, devices: devices as Record<string, string> });
      known.set(key, receipts);
      core.listen((d) => receipts.onDelivery(d));
    }
    return ok({ devices: Object.keys(devices).length });
  }
  if (method === 'PUT' && action === '/quota') {
    const q: QuotaSettings = {};
    for (const key of ['perMinute', 'perDevicePerMinute', 'perDevicePerHour'] as const) {
      const v = body[key];
      if (v === undefined) continue;
      if (typeof v !== 'number' || v < 0)
        throw new ControlError(400, `"${key}" must be a non-negative number.`);
      q[key] = v;
    }
    core.quotas.set(project, q);
    return ok(core.quotas.limitsOf(project));
  }
  return undefined;
}

function deviceRoute(core: Core, method: string, rest: string, body: Body): Reply | undefined {
  if (method === 'GET' && rest.endsWith('/inbox')) {
    const token = rest.slice(0, -'/inbox'.length);
    device(core, token);
    return ok({ deliveries: core.registry.inbox(token), tray: core.registry.tray(token) });
  }
  const colon = rest.lastIndexOf(':');
  if (method !== 'POST' || colon < 0) return undefined;
  const token = rest.slice(0, colon);
  const action = rest.slice(colon + 1);
  switch (action) {
    case 'unregister':
      device(core, token);
      core.registry.unregister(token);
      return ok({});
    case 'setOnline': {
      const online = bool(body, 'online');
      if (online === undefined) throw new ControlError(400, '"online" is required.');
      device(core, token);
      core.registry.setOnline(token, online);
      return ok({});
    }
    case 'setNotificationsEnabled': {
      const enabled = bool(body, 'enabled');
      if (enabled === undefined) throw new ControlError(400, '"enabled" is required.');
      device(core, token);
      core.registry.setNotificationsEnabled(token, enabled);
      return ok({});
    }
    default:
      return undefined;
  }
}

function parseFault(body: Body): FaultSpec {
  const respond = body.respond as FaultSpec['respond'] | undefined;
  if (typeof respond !== 'object' || respond === null || typeof respond.status !== 'number') {
    throw new ControlError(400, '"respond.status" is required.');
  }
  const times = body.times;
  if (times !== undefined && times !== null && typeof times !== 'number')
    throw new ControlError(400, '"times" must be a number.');
  const match = body.match as FaultSpec['match'];
  return { match: match ?? undefined, respond, times: times ?? undefined };
}

function route(core: Core, method: string, path: string, raw: string): Reply | undefined {
  const body = method === 'GET' || method === 'DELETE' ? {} : parseBody(raw);
  if (path === '/stats' && method === 'GET') return ok(core.stats.snapshot());
  if (path === '/stats:reset' && method === 'POST') {
    core.stats.reset();
    return ok({});
  }
  if (path === '/faults' && method === 'POST') {
    core.faults.add(parseFault(body));
    return ok({});
  }
  if (path === '/faults' && method === 'DELETE') {
    core.faults.clear();
    return ok({});
  }
  const project = /^\/projects\/([^/]+)(\/.+)$/.exec(path);
  if (project !== null) return projectRoute(core, method, project[1] ?? '', project[2] ?? '', body);
  if (path.startsWith('/devices/')) return deviceRoute(core, method, path.slice('/devices/'.length), body);
  return undefined;
}

/** The control surface of reference §6.5, under /emulator/v1 (emulator-defined). */
export function handleControl(ex: Exchange, core: Core): void {
  const q = ex.path.indexOf('?');
  const rawPath = (q < 0 ? ex.path : ex.path.slice(0, q)).slice(CONTROL_PREFIX.length);
  let r: Reply;
  try {
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      throw new ControlError(400, 'The path is not valid percent-encoding.');
    }
    r =
      route(core, ex.method, path, ex.body) ??
      rpcError(404, `No control route ${ex.method} ${CONTROL_PREFIX}${path}`, []);
  } catch (err) {
    r = err instanceof ControlError ? rpcError(err.code, err.message, []) : rpcError(500, String(err), []);
  }
  ex.reply(r.status, r.body);
}
