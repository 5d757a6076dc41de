import { type Core } from './core';
import {
  EXPIRED_CREDENTIALS,
  faultReply,
  INVALID_CREDENTIALS,
  INVALID_TOKEN,
  invalidArgument,
  MISSING_CREDENTIALS,
  projectDenied,
  quotaExceeded,
  type Reply,
  SENDER_ID_MISMATCH,
  UNREGISTERED,
} from './errors';
import { type Exchange } from './exchange';
import { type FaultResponse } from './faults';
import { messageName } from './message-name';
import { countDevice, checkDevice } from './quota';
import { hasTokenFormat, type Device } from './registry';
import { validateSendRequest, type ValidMessage } from './validate-message';

type Outcome =
  | { kind: 'reply'; reply: Reply }
  | { kind: 'accept'; msg: ValidMessage; device?: Device; fault?: FaultResponse };

const reply = (r: Reply): Outcome => ({ kind: 'reply', reply: r });

function authenticate(ex: Exchange, project: string, core: Core, now: number): Reply | undefined {
  const auth = ex.header('authorization');
  if (auth === undefined || auth === '') return MISSING_CREDENTIALS;
  if (auth.length < 8 || !(auth.startsWith('Bearer ') || auth.slice(0, 7).toLowerCase() === 'bearer '))
    return INVALID_CREDENTIALS;
  const token = core.accounts.lookup(auth.slice(7).trim());
  if (token === undefined) return INVALID_CREDENTIALS;
  if (now >= token.expiresAt) return EXPIRED_CREDENTIALS;
  if (token.projectId !== project) return projectDenied(project);
  return undefined;
}

function checkTarget(msg: ValidMessage, project: string, core: Core): Reply | Device | undefined {
  if (msg.target !== 'token' && msg.target !== 'fid') return undefined;
  const device = core.registry.devices.get(msg.targetValue);
  if (device === undefined) {
    return msg.target === 'token' && !hasTokenFormat(msg.targetValue) ? INVALID_TOKEN : UNREGISTERED;
  }
  if (!device.registered) return UNREGISTERED;
  if (device.projectId !== project) return SENDER_ID_MISMATCH;
  if (msg.restrictedPackageName !== undefined && msg.restrictedPackageName !== device.packageName) {
    return invalidArgument(
      `The restricted_package_name "${msg.restrictedPackageName}" does not match the package name of the registration token.`,
    );
  }
  return device;
}

function checkQuotas(
  project: string,
  device: Device | undefined,
  core: Core,
  now: number,
): Reply | undefined {
  const limits = core.quotas.limitsOf(project);
  const retry = core.quotas.window(project).check(now);
  if (retry > 0) {
    return quotaExceeded(
      'project',
      `Quota exceeded for quota metric 'Messages sent' and limit 'Messages per minute' of service 'fcm.googleapis.com' for consumer 'project:${project}' (limit ${limits.perMinute}).`,
      retry,
    );
  }
  if (device === undefined) return undefined;
  const hit = checkDevice(device, now, limits);
  if (hit === undefined) return undefined;
  const limit =
    hit.window === 'minute'
      ? `${limits.perDevicePerMinute} per minute`
      : `${limits.perDevicePerHour} per hour`;
  return quotaExceeded(
    'device',
    `Quota exceeded for messages sent to a single device (${limit}).`,
    hit.retryAfter,
  );
}

/** Runs §6.3 steps 1–11 up to (not including) the answer. */
function decide(ex: Exchange, project: string, core: Core, now: number): Outcome {
  const authError = authenticate(ex, project, core, now);
  if (authError !== undefined) return reply(authError);
  const v = validateSendRequest(ex.body);
  if (!v.ok) return reply(v.reply);
  const msg = v.value;
  const target = checkTarget(msg, project, core);
  if (target !== undefined && 'body' in target) return reply(target);
  if (!msg.validateOnly) {
    const quotaError = checkQuotas(project, target, core, now);
    if (quotaError !== undefined) return reply(quotaError);
  }
  const token = msg.target === 'token' || msg.target === 'fid' ? msg.targetValue : undefined;
  const fault = core.faults.take(project, token);
  const succeeds = fault === undefined || (fault.status === 200 && fault.resetStream !== true);
  // counted now rather than when answering, so that delayed answers cannot overshoot the quotas
  if (succeeds && !msg.validateOnly) {
    core.quotas.window(project).consume(now);
    if (target !== undefined) countDevice(target);
  }
  return { kind: 'accept', msg, device: target, fault };
}

function accept(
  project: string,
  msg: ValidMessage,
  device: Device | undefined,
  core: Core,
  now: number,
): Reply {
  if (msg.validateOnly)
    return { status: 200, body: `{"name":"projects/${project}/messages/fake_message_id"}` };
  const name = messageName(project, now);
  core.stats.delivered++;
  if (device !== undefined) {
    const notificationTag = msg.hasNotification ? (msg.tag ?? null) : undefined;
    core.registry.accept(
      device,
      msg.message,
      name,
      { collapseKey: msg.collapseKey, notificationTag, ttlSeconds: msg.ttlSeconds },
      now,
    );
  }
  return { status: 200, body: `{"name":"${name}"}` };
}

function answer(ex: Exchange, r: Reply, core: Core): void {
  core.stats.inFlight--;
  core.stats.record(String(r.status), r.status === 200 ? undefined : r.statKey);
  ex.reply(r.status, r.body, r.retryAfter);
}

function finish(ex: Exchange, project: string, outcome: Outcome, core: Core): void {
  if (outcome.kind === 'reply') {
    answer(ex, outcome.reply, core);
    return;
  }
  const { fault, msg, device } = outcome;
  if (fault === undefined) {
    answer(ex, accept(project, msg, device, core, Date.now()), core);
    return;
  }
  if (fault.resetStream === true) {
    core.stats.inFlight--;
    core.stats.record('reset', undefined);
    ex.reset();
    return;
  }
  if (fault.goaway === true) ex.goaway();
  const r =
    fault.status === 200
      ? accept(project, msg, device, core, Date.now())
      : faultReply(fault.status, fault.errorCode, fault.retryAfter);
  answer(ex, r, core);
}

/** POST /v1/projects/{project}/messages:send. */
export function handleSend(ex: Exchange, project: string, core: Core): void {
  core.stats.requests++;
  core.stats.inFlight++;
  const outcome = decide(ex, project, core, Date.now());
  const delay = core.latencyMs + (outcome.kind === 'accept' ? (outcome.fault?.delayMs ?? 0) : 0);
  if (delay > 0) setTimeout(() => finish(ex, project, outcome, core), delay);
  else finish(ex, project, outcome, core);
}
