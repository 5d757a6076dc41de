import {
  capReached,
  FREQUENCY_CAP_LOSS,
  isStale,
  LOSS_CODES,
  MessageStatus as S,
  ScheduleType,
  TargetingType,
  WAITING_STATUSES,
  type Condition,
  type MessageLang,
  type MessageTrace,
  type MessageTraceQuery,
  type TraceReason,
  type TraceStage,
} from '@beacon/shared';
import { compileAudience, type CompiledAudience } from '../../audience/compile-conditions';
import { audienceOf, LOSS, SendOutcome, TargetingError, WaveStatus } from '../../delivery/engine';
import { fieldError } from '../../lib/api-error';
import { evaluate, nextAllowedTime, type PolicyVerdict } from '../../policy';
import type {
  TraceDevice,
  TraceMessage,
  TraceRecord,
  TraceWave,
  TroubleshootingMessageRepository,
} from './troubleshooting-message.repository';

type Loss = NonNullable<MessageTrace['loss']>;

const LANG_INDEX: Record<MessageLang, 0 | 1 | 2> = { en: 0, zh: 1, fr: 2 };
/** The filter or policy behind each loss code, for losses read back from a send record. */
const POLICY_OF: Record<number, string> = {
  1: 'uninstalled',
  3: 'fcm-unavailable',
  4: 'model-shield',
  6: 'platform-country',
  7: 'daily-limit',
  12: 'sender-id-mismatch',
  35: 'invalid-credentials',
  104: 'app-country',
  105: 'app-time-window',
  107: 'notifications-off',
  108: 'inactive-90-days',
  110: 'frequency-cap',
  111: 'stale-token',
  112: 'template-render-failed',
};
const STOPPED: readonly number[] = [
  S.STOPPED,
  S.STOPPED_ALT,
  S.STOP_IN_PROCESS,
  S.RECALLED,
  S.RECALLING,
  S.INVALID,
];
/** Waiting to start, including review (11) and audit (13). */
const NOT_STARTED: readonly number[] = [...WAITING_STATUSES, S.PENDING_REVIEW, S.AWAITING_AUDIT];
const STAGE_OF_OUTCOME: Record<number, TraceStage> = {
  [SendOutcome.PENDING]: 'queued',
  [SendOutcome.IN_FLIGHT]: 'sending',
  [SendOutcome.DISPATCHED]: 'dispatched',
};
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Troubleshooting by GAID and message id (issue 6 item 7): whether the device was targeted, which filter or policy
 * dropped it (from its send record, or predicted at its send time while it waits), what FCM answered, and the events
 * the device reported. Uses the engine's own audience compiler, filters and the policy evaluator, so the answer is
 * what the delivery engine does.
 */
export class TroubleshootingMessageService {
  constructor(
    private readonly repo: TroubleshootingMessageRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async trace(appId: number, query: MessageTraceQuery, lang: MessageLang): Promise<MessageTrace> {
    const message = await this.repo.message(appId, query.msgId);
    if (!message) throw fieldError('msgId', 'is not a message of this app');
    const device = await this.repo.device(appId, query.instanceId);
    const base: MessageTrace = {
      message: {
        id: message.id,
        title: message.title,
        status: message.status,
        targetingType: message.targetingType,
        scheduleType: message.scheduleType,
      },
      device: { found: false, country: null, utcOffsetMin: null },
      stage: 'device-not-found',
      targeted: null,
      unmatched: [],
      reason: null,
      loss: null,
      delayedUntil: null,
      wave: null,
      send: null,
      events: null,
    };
    if (!device) return base;
    const now = this.clock();
    const wave = waveOf(message, await this.repo.waves(message.id), device.utcOffsetMin);
    const found: MessageTrace = {
      ...base,
      device: { found: true, country: device.country, utcOffsetMin: device.utcOffsetMin },
      wave: wave
        ? { utcOffsetMin: wave.utcOffsetMin, runAt: wave.runAt.toISOString(), status: wave.status }
        : null,
    };
    const record = await this.repo.record(message.id, device.id);
    if (record) return { ...found, ...(await this.fromRecord(appId, message, device, record, now, lang)) };
    // its send records were dropped: no record says nothing about this device (the message's counters still count it)
    if (await this.repo.beyondRetention(message.id))
      return { ...found, stage: 'beyond-retention', targeted: null, reason: 'beyond-retention' };

    // a journey's later step: its audience is its branch's members, known once its wait has ended
    if (message.journeyGated && !message.journeyEntered)
      return { ...found, stage: 'waiting', targeted: null, reason: 'journey-not-entered' };
    if (message.journeyGated && !(await this.repo.journeyMember(message.id, device.id)))
      return { ...found, stage: 'not-targeted', targeted: false, reason: 'journey-other-branch' };
    const targeting = await this.targeting(appId, message);
    const targeted = targeting ? await this.repo.matches(targeting.audience, device.id) : null;
    if (targeted === false && targeting) {
      return {
        ...found,
        stage: 'not-targeted',
        targeted,
        unmatched: await this.unmatched(appId, targeting.conditions, device.id),
      };
    }
    const pending =
      NOT_STARTED.includes(message.status) ||
      (wave !== undefined && (wave.status === WaveStatus.QUEUED || wave.status === WaveStatus.RUNNING));
    const at = pending && wave && wave.runAt > now ? wave.runAt : now;
    const deadline = (message.startedAt ?? at).getTime() + message.ttlSeconds * 1000;
    const { loss, delayedUntil } = await this.predict(appId, message, device, at, deadline, now, lang);
    if (pending) return { ...found, stage: 'waiting', targeted, loss, delayedUntil: iso(delayedUntil) };
    return { ...found, stage: 'not-selected', targeted, loss, reason: reasonOf(message, wave, device) };
  }

  private async fromRecord(
    appId: number,
    message: TraceMessage,
    device: TraceDevice,
    r: TraceRecord,
    now: Date,
    lang: MessageLang,
  ): Promise<Partial<MessageTrace>> {
    const send = {
      outcome: r.outcome,
      lossCode: r.lossCode,
      fcmName: r.fcmName,
      attempts: r.attempts,
      sentAt: iso(r.sentAt),
    };
    const events = {
      received: iso(r.receivedAt),
      shown: iso(r.shownAt),
      clicked: iso(r.clickedAt),
      dismissed: (r.eventMask & 8) !== 0,
      recalled: (r.eventMask & 32) !== 0,
      converted: (r.eventMask & 64) !== 0,
      showFailed: (r.eventMask & 16) !== 0,
      showFailedReason: r.showFailedReason,
    };
    if (r.outcome !== SendOutcome.LOST)
      return { stage: STAGE_OF_OUTCOME[r.outcome] ?? 'queued', targeted: true, send, events };
    // a filter drop has no FCM attempt; for a policy, today's evaluation explains it when it gives the same code
    const again =
      r.attempts === 0
        ? (await this.predict(appId, message, device, now, now.getTime(), now, lang)).loss
        : null;
    const loss: Loss =
      again && again.code === r.lossCode
        ? { ...again, predicted: false }
        : {
            code: r.lossCode,
            name: lossName(r.lossCode, lang),
            policy: POLICY_OF[r.lossCode] ?? null,
            // a cap the device is under again by now (its window moved on): the caps that held it
            detail: r.lossCode === FREQUENCY_CAP_LOSS ? await this.capsDetail(appId, message, lang) : null,
            predicted: false,
          };
    return { stage: r.attempts === 0 ? 'dropped' : 'failed', targeted: true, loss, send, events };
  }

  /**
   * What the filter stage would decide for the device at `at` (filters.ts `decide`): the engine's own filters (1, 107,
   * 111, 108), then the policies; inside a banned window that ends before `deadline` (the TTL) it waits, and is checked
   * again at the window's end.
   */
  private async predict(
    appId: number,
    message: TraceMessage,
    device: TraceDevice,
    at: Date,
    deadline: number,
    now: Date,
    lang: MessageLang,
  ): Promise<{ loss: Loss | null; delayedUntil: Date | null }> {
    const own = ownFilter(device, at.getTime());
    if (own !== 0)
      return {
        loss: {
          code: own,
          name: lossName(own, lang),
          policy: POLICY_OF[own] ?? null,
          detail: null,
          predicted: true,
        },
        delayedUntil: null,
      };
    const { snapshot, sentToday } = await this.repo.policies(appId, device.id, now);
    const kind = message.restrictType === 2 || message.restrictType === 3 ? message.restrictType : 1;
    const facts = {
      country: device.country,
      brand: device.brand,
      model: device.model,
      utcOffsetMin: device.utcOffsetMin,
      firstSeenAt: device.firstSeenAt,
      sentToday,
    };
    const check = (when: Date) => evaluate(facts, { appId, kind }, snapshot, when);
    const lossOf = (v: Extract<PolicyVerdict, { drop: true }>): Loss => ({
      code: v.lossCode,
      name: lossName(v.lossCode, lang),
      policy: v.policy,
      detail: v.reason,
      predicted: true,
    });
    const verdict = check(at);
    // every other policy passed: the app's frequency caps decide last (policy-binding.ts)
    const capped = () => this.capLoss(appId, message, device.id, now, lang);
    if (!verdict.drop) return { loss: await capped(), delayedUntil: null };
    const end = verdict.lossCode === LOSS.TIME_WINDOW ? nextAllowedTime(facts, snapshot, at) : null;
    if (end && end.getTime() <= deadline) {
      const then = check(end);
      if (then.drop) return { loss: lossOf(then), delayedUntil: null };
      const loss = await capped();
      return loss ? { loss, delayedUntil: null } : { loss: null, delayedUntil: end };
    }
    return { loss: lossOf(verdict), delayedUntil: null };
  }

  /**
   * Loss 110 when one more message of its type would take the device past a frequency cap of its app, counted at
   * `now` as the filter stage counts (its dispatched sends within the window and its open ones); the detail names the
   * cap and what the device holds.
   */
  private async capLoss(
    appId: number,
    message: TraceMessage,
    deviceId: string,
    now: Date,
    lang: MessageLang,
  ): Promise<Loss | null> {
    const { caps, held } = await this.repo.frequencyCaps(appId, message.msgType, deviceId, now);
    const cap = capReached(caps, (days) => held.get(days) ?? 0);
    if (!cap) return null;
    return {
      code: FREQUENCY_CAP_LOSS,
      name: lossName(FREQUENCY_CAP_LOSS, lang),
      policy: POLICY_OF[FREQUENCY_CAP_LOSS] ?? null,
      detail: capText(cap, held.get(cap.windowDays) ?? 0, message.msgType, lang),
      predicted: true,
    };
  }

  /** The caps of the message's kind, for a cap drop recorded earlier that no longer holds. */
  private async capsDetail(appId: number, message: TraceMessage, lang: MessageLang): Promise<string | null> {
    const { caps } = await this.repo.frequencyCaps(appId, message.msgType, null, this.clock());
    return caps.length ? caps.map((c) => capText(c, null, message.msgType, lang)).join('; ') : null;
  }

  /** The message's audience as the engine compiles it, or undefined when it cannot be told (a deleted group, file targeting). */
  private async targeting(
    appId: number,
    m: TraceMessage,
  ): Promise<{ audience: CompiledAudience; conditions: Condition[] } | undefined> {
    const groupConditions =
      m.targetingType === TargetingType.USER_GROUP && m.groupId
        ? await this.repo.groupConditions(appId, m.groupId)
        : undefined;
    try {
      const audience = audienceOf({
        appId,
        targetingType: m.targetingType,
        conditions: m.conditions,
        userIds: m.userIds,
        ...(groupConditions ? { groupConditions } : {}),
      });
      return {
        audience,
        conditions: m.targetingType === TargetingType.CONDITIONS ? m.conditions : (groupConditions ?? []),
      };
    } catch (err) {
      if (err instanceof TargetingError) return undefined;
      throw err;
    }
  }

  /** The conditions the device fails, each tested on its own. */
  private async unmatched(appId: number, conditions: Condition[], deviceId: string): Promise<Condition[]> {
    const out: Condition[] = [];
    for (const c of conditions) {
      if (!(await this.repo.matches(compileAudience(appId, [c]), deviceId))) out.push(c);
    }
    return out;
  }
}

const DAY_MS = 86_400_000;

/**
 * The engine's own filters (filters.ts): no token or uninstalled 1, notifications off 107, stale 111 (FCM's token
 * expiry or the app's limit), inactive 90 days 108.
 */
function ownFilter(d: TraceDevice, at: number): number {
  if (d.invalidReason === 3 || !d.hasToken) return 1;
  if (!d.notificationsEnabled) return 107;
  const device = {
    lastActiveAt: d.lastActiveAt.getTime(),
    tokenUpdatedAt: d.tokenUpdatedAt?.getTime() ?? null,
  };
  if (isStale(device, at, d.staleDays)) return LOSS.STALE;
  if (at - d.lastActiveAt.getTime() > 90 * DAY_MS) return 108;
  return 0;
}

/** A frequency cap in words, with what the device holds against it when `held` is known. */
function capText(
  cap: { maxMessages: number; windowDays: number },
  held: number | null,
  msgType: number,
  lang: MessageLang,
): string {
  const { maxMessages: n, windowDays: d } = cap;
  const cross = msgType === 2;
  if (lang === 'zh')
    return `每台设备任意 ${d} 天内最多 ${n} 条${cross ? '透传' : '通知'}消息${held === null ? '' : `；该设备已有 ${held} 条`}`;
  if (lang === 'fr')
    return `au plus ${n} ${cross ? 'messages transparents' : 'notifications'} par appareil sur ${d} jours glissants${held === null ? '' : ` ; l’appareil en a ${held}`}`;
  return `at most ${n} ${cross ? 'cross messages' : 'notifications'} per device in any ${d} days${held === null ? '' : `; the device has ${held}`}`;
}

function lossName(code: number, lang: MessageLang): string {
  return LOSS_CODES[code]?.[LANG_INDEX[lang]] ?? String(code);
}

/** The wave covering the device: its UTC offset's for local time, else the message's one wave. */
function waveOf(m: TraceMessage, waves: TraceWave[], utcOffsetMin: number): TraceWave | undefined {
  if (m.scheduleType === ScheduleType.LOCAL_TIME) return waves.find((w) => w.utcOffsetMin === utcOffsetMin);
  return waves.find((w) => w.utcOffsetMin === null) ?? waves[0];
}

/** Why a targeted device that the message is done with was never picked. */
function reasonOf(m: TraceMessage, wave: TraceWave | undefined, device: TraceDevice): TraceReason | null {
  if (wave?.status === WaveStatus.SKIPPED) return 'wave-skipped';
  if (wave?.status === WaveStatus.CANCELLED || STOPPED.includes(m.status)) return 'message-stopped';
  if (!wave) return 'no-wave';
  if (device.firstSeenAt > wave.runAt) return 'registered-after';
  if (m.selectedCount >= m.pushCount) return 'push-count-reached';
  return null;
}
