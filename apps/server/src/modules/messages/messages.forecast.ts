import {
  BEST_HOUR,
  minutesUntilHour,
  bestHourSpread,
  controlBuckets,
  MessageType,
  scaleFromSample,
  ScheduleType,
  type MessageForecast,
  type MessageSave,
  type NationalAttributes,
  type TargetMaxRequest,
} from '@beacon/shared';
import type { CompiledAudience } from '../../audience/compile-conditions';
import type { AudienceEstimate } from '../../audience/sampled-estimate';
import {
  decide,
  filterDevice,
  holdoutsOf,
  LOSS,
  minuteOfDay,
  scheduleInstant,
  wallClockUtc,
  withMaterialCountries,
  type Holdout,
  type OwnRules,
  type PageDevice,
  type PolicyFilter,
  type PolicySource,
} from '../../delivery/engine';
import type { ForecastRow, MessagesForecastRepository } from './messages-forecast.repository';

/** Devices read per page: the engine's page size (the daily limits look up each page's sends of the day at once). */
const PAGE = 1000;
/** Explicit device lists (ids, files) up to this size are forecast over every device; larger ones over a sample. */
const EXACT_LIST_MAX = 100_000;

/** When the message would send: its schedule and TTL. */
export interface ForecastSchedule {
  type: number;
  /** `YYYY-MM-DD HH:mm[:ss]` wall-clock time (AT_TIME in `zone`, LOCAL_TIME in each device's zone) */
  local: string | null;
  zone: string;
  ttlSeconds: number;
  /** best hour (4): the control share (%) and the speed limit (devices a second, 0 none) the spread is paced by */
  controlShare?: number;
  speedLimit?: number;
}

/** What of a device decides when its wave comes: its zone, and for a best-hour send its hour and control bucket. */
export interface TimedDevice {
  utcOffsetMin: number;
  bestHour?: number | null;
  /** its bucket of the best-hour control split (BestHourTiming.seed) */
  bucket?: number;
}

/** A best-hour plan as the forecast reads it: the app's hour for devices without one, the control share's buckets. */
export interface BestHourTiming {
  fallbackHour: number;
  controlBuckets: number;
  /** the control split's seed: the message's id, unknown before it is saved (any seed splits the same share) */
  seed: number;
}

/** When each device meets the filters: its wave's instant, and the TTL's end the banned windows are measured against. */
export interface ForecastTiming {
  /** the first wave's instant (epoch ms): what the forecast states as `at` */
  start: number;
  /** the engine's deadline of a device sent at `at`: the message's start plus its TTL (a best-hour wave's own start) */
  deadline(at: number): number;
  /** the wave of a device (epoch ms), or null when it is already past (skipped: never sent) */
  at(device: TimedDevice): number | null;
  /** a best-hour send's plan: the page then reads each device's control bucket */
  best?: BestHourTiming;
}

/**
 * The scheduler's instants (scheduler.ts planWaves): now, the chosen instant, each zone's wall-clock time, or each
 * device's best hour (planBestHourWaves: the control group at once, the rest at the start of their hour within the
 * next 24 hours — now when it began at most graceMinutes ago — their TTL running from their wave, engine.ts).
 */
export function timingOf(
  s: ForecastSchedule,
  now: number,
  offsets: readonly number[] = [],
  best?: BestHourTiming,
): ForecastTiming {
  const ttl = s.ttlSeconds * 1000;
  if (s.type === ScheduleType.BEST_HOUR && best) {
    const startMin = Math.floor(now / 60_000) % 1440;
    return {
      start: now,
      deadline: (at) => at + ttl,
      at: (d) =>
        d.bucket !== undefined && d.bucket < best.controlBuckets
          ? now
          : now +
            Math.max(0, minutesUntilHour(d.bestHour ?? best.fallbackHour, d.utcOffsetMin, startMin)) * 60_000,
      best,
    };
  }
  if (s.type === ScheduleType.LOCAL_TIME && s.local) {
    const wall = wallClockUtc(s.local);
    const waves = offsets.map((o) => wall - o * 60_000).filter((t) => t >= now);
    const start = waves.length ? Math.min(...waves) : now;
    return {
      start,
      deadline: () => start + ttl,
      at: ({ utcOffsetMin: o }) => (wall - o * 60_000 >= now ? wall - o * 60_000 : null),
    };
  }
  const at =
    s.type === ScheduleType.AT_TIME && s.local
      ? Math.max(now, scheduleInstant(s.local, s.zone).getTime())
      : now;
  return { start: at, deadline: () => at + ttl, at: () => at };
}

/**
 * What a message holds out (issue 34 §1), as the engine's holdoutsOf reads it: its own control share, seeded with its
 * id — unknown before the message is saved, when any seed splits the same share — and its kind: a campaign message
 * (the default), a preview (never held out) or a transactional send (held out of the app's group only when its
 * setting says so).
 */
export interface ForecastHoldout {
  holdoutShare: number;
  msgId?: number;
  preview?: boolean;
  transactional?: boolean;
}

/** Devices by what the filter stage decides for them: loss code → devices; 0 → sent (at once or after a window). */
export type Tally = Map<number, number>;

/** The losses of the country policies: platform ban 6, app ban 104, a banned window outlasting the TTL 105. */
export const COUNTRY_LOSSES: readonly number[] = [6, 104, LOSS.TIME_WINDOW];

/** The devices of the sample the country policies take, by country (upper case) and loss code. */
export type CountryTally = Map<string, { lossCode: number; devices: number }>;

/** A forecast with what its country losses are made of: the one computation behind the 201/202 answer too. */
export interface ForecastEstimate {
  count: number;
  exact: boolean;
  forecast: MessageForecast;
  /** the sample's devices the country policies take, by country (not scaled) */
  countries: CountryTally;
  /** the sample's devices that passed the engine's own filters and no country policy took (sent, 4, 7; not scaled) */
  outside: number;
  /** the sample's share of the audience (1 when every device was read) */
  fraction: number;
}

/** A sample device as the engine's filter stage sees it, with its own filters' verdict `own`. */
function pageDevice(row: ForecastRow, own: number): PageDevice {
  return {
    id: row.id,
    country: row.country,
    language: row.language,
    appVersion: row.appVersion,
    token: null,
    own,
    facts: {
      brand: row.brand,
      model: row.model,
      utcOffsetMin: row.utcOffsetMin,
      firstSeenAt: row.firstSeenAt,
    },
  };
}

/**
 * What the engine's filter stage decides for one device at `at` (epoch ms): its own filters (filters.ts
 * `filterDevice`: uninstalled or no token 1, notifications off 107, new device 106 when the app protects them,
 * stale 111 (FCM's token expiry, or the app's limit), inactive 90 days 108), then `decide` with the
 * platform policies (6, 104, 105 unless the banned window ends before `deadline`, 4, 7, then the app's frequency caps
 * 110). The loss code, or 0.
 */
export function lossOf(
  row: ForecastRow,
  at: number,
  deadline: number,
  policy?: PolicyFilter,
  rules: OwnRules = {},
): number {
  const own = filterDevice(
    {
      invalidReason: row.invalidReason,
      notificationsEnabled: row.notificationsEnabled,
      lastActiveAt: row.lastActiveAt,
      firstSeenAt: row.firstSeenAt,
      tokenUpdatedAt: row.tokenUpdatedAt ?? null,
      ...(row.noToken ? { token: null } : {}),
    },
    at,
    rules,
  );
  return decide(pageDevice(row, own), at, deadline, policy).loss;
}

/** The devices a forecast evaluates and what they stand for. */
export interface ForecastSample {
  audience: CompiledAudience;
  exact: boolean;
  /** the share of the app's devices the sample holds (1 when exact) */
  fraction: number;
  /** the audience estimate's relative standard error (0 when exact) */
  relativeError: number;
}

/**
 * The forecast of a tally (the shared contract's rule, `scaleFromSample`): every count as it is when the sample is
 * the whole audience, else scaled by 1 / fraction with its standard error; reasons that take devices, most first.
 */
export function forecastOf(
  tally: Tally,
  sample: Omit<ForecastSample, 'audience'>,
  at: Date,
): MessageForecast {
  const fraction = sample.exact ? 1 : sample.fraction;
  const losses = [...tally]
    .filter(([type, n]) => type !== 0 && n > 0)
    .map(([type, n]) => ({ type, ...scaleFromSample(n, fraction) }))
    .sort((a, b) => b.count - a.count || a.type - b.type);
  const send = scaleFromSample(tally.get(0) ?? 0, fraction);
  return {
    exact: sample.exact,
    ...(sample.exact ? {} : { error: sample.relativeError }),
    send: send.count,
    ...(send.error === undefined ? {} : { sendError: send.error }),
    losses,
    at: new Date(at).toISOString(),
  };
}

export interface ForecasterDeps {
  repo: MessagesForecastRepository;
  /** The live audience estimate (audience/sampled-estimate.ts), whose sample the forecast reads. */
  estimate: (audience: CompiledAudience) => Promise<AudienceEstimate>;
  /** The platform policies the delivery engine applies (DeliveryRuntime.policyFor), when any. */
  policyFor: PolicySource | undefined;
  now?: () => Date;
}

/**
 * Forecast before send (issue 12 item 8): the audience estimate and, over the very devices it read, what the delivery
 * engine's filters and policies would do with each of them at its wave's instant.
 */
export class MessageForecaster {
  private readonly now: () => Date;

  constructor(private readonly deps: ForecasterDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * The answer of getMessageTargetMax with `forecast: true`; `listed`: the exact size of an explicit device list;
   * `countries`: the national attributes of the material it is composed from (loss 109).
   */
  ofRequest(
    appId: number,
    t: TargetMaxRequest,
    audience: CompiledAudience,
    listed?: number,
    countries?: NationalAttributes,
  ): Promise<ForecastEstimate> {
    const schedule = { type: t.scheduleType, local: t.scheduleDate ?? null, zone: t.scheduleUTC };
    // before the save: the message's id, the seed of its own share, is not known yet
    return this.estimate(
      appId,
      t.msgRestrictType,
      audience,
      {
        ...schedule,
        ttlSeconds: t.timeToLive,
        controlShare: t.controlShare ?? BEST_HOUR.controlShareDefault,
        speedLimit: t.speedLimit ?? 0,
      },
      listed,
      countries,
      t.msgType,
      { holdoutShare: t.holdoutShare },
    );
  }

  /**
   * The forecast of a save, for its schedule as saved (`schedule`: the service's reading): stored with the message,
   * and what its forbidden-country answer (201/202) is made of. The same arguments as `ofRequest` for the same draft,
   * so the confirmation's forecast and that answer cannot disagree. `msgId`: the message's id (an edit's, or the one
   * taken for the new message), so its own control share holds out the very devices the engine will.
   */
  ofSave(
    appId: number,
    input: Omit<MessageSave, 'appGroupId' | 'groupCounts'>,
    schedule: { type: number; local: string | null; zone: string },
    audience: CompiledAudience,
    listed?: number,
    countries?: NationalAttributes,
    msgId?: number,
  ): Promise<ForecastEstimate> {
    const s = {
      ...schedule,
      ttlSeconds: input.timeToLive,
      controlShare: input.controlShare ?? BEST_HOUR.controlShareDefault,
      speedLimit: input.speedLimit,
    };
    return this.estimate(appId, input.msgRestrictType, audience, s, listed, countries, input.msgType, {
      holdoutShare: input.holdoutShare,
      ...(msgId === undefined ? {} : { msgId }),
    });
  }

  /**
   * The estimate and its forecast. `exactCount`: the audience is an explicit list counted exactly (ids, files); it is
   * forecast over every device up to EXACT_LIST_MAX, else over the estimate's sample. `msgType`: the message's type,
   * whose frequency caps (loss 110) count what each device holds now (none without it). `hold`: what the message holds
   * out (113, 114), counted before any other loss as the engine records them (none without it).
   */
  async estimate(
    appId: number,
    restrictType: number,
    audience: CompiledAudience,
    schedule: ForecastSchedule,
    exactCount?: number,
    countries?: NationalAttributes,
    msgType?: number,
    hold: ForecastHoldout = { holdoutShare: 0 },
  ): Promise<ForecastEstimate> {
    let count: number;
    let sample: ForecastSample;
    if (exactCount !== undefined && exactCount <= EXACT_LIST_MAX) {
      count = exactCount;
      sample = { audience, exact: true, fraction: 1, relativeError: 0 };
    } else {
      const e = await this.deps.estimate(audience);
      count = exactCount ?? e.count;
      sample = { audience: e.sample, exact: e.exact, fraction: e.fraction, relativeError: e.relativeError };
    }
    const now = this.now().getTime();
    const offsets =
      schedule.type === ScheduleType.LOCAL_TIME ? await this.deps.repo.offsets(sample.audience) : [];
    const setting =
      schedule.type === ScheduleType.BEST_HOUR ? await this.deps.repo.bestHourSetting(appId) : undefined;
    const best = setting && {
      fallbackHour: setting.fallbackHour,
      controlBuckets: controlBuckets(schedule.controlShare ?? BEST_HOUR.controlShareDefault),
      seed: 0,
    };
    const timing = timingOf(schedule, now, offsets, best);
    // the engine's own order: the material's countries (109) before the platform policies
    const policy = withMaterialCountries(
      countries ?? null,
      await this.deps.policyFor?.(
        appId,
        msgType === undefined ? { restrictType } : { restrictType, msgType },
      ),
    );
    const rules = await this.deps.repo.ownRules(appId);
    const holdouts = holdoutsOf({
      id: hold.msgId ?? 0,
      appId,
      msgType: hold.preview ? MessageType.PREVIEW : (msgType ?? MessageType.NOTIFICATION),
      // the source's id is all the rule asks of a transactional send: that it has one
      transactionalOf: hold.transactional ? 0 : null,
      controlGroup: rules.controlGroup,
      holdoutShare: hold.holdoutShare,
    });
    const byCountry: CountryTally = new Map();
    const tally = await this.tally(sample.audience, timing, policy, rules, byCountry, holdouts);
    const bestHour =
      best && setting ? await this.bestHour(sample, best, setting.quotaPerMin, schedule, now) : undefined;
    return {
      count,
      exact: exactCount !== undefined || sample.exact,
      forecast: { ...forecastOf(tally, sample, new Date(timing.start)), ...(bestHour ? { bestHour } : {}) },
      countries: byCountry,
      outside: [0, 4, 7].reduce((n, code) => n + (tally.get(code) ?? 0), 0),
      fraction: sample.exact ? 1 : sample.fraction,
    };
  }

  /**
   * A best-hour draft's plan over the sample, scaled to the audience: the control group, the devices sent at their
   * best hour, and how the app's FCM quota and the speed limit spread them (@beacon/shared bestHourSpread). The control
   * split's seed is the message's id, unknown before it is saved: any seed splits the same share.
   */
  private async bestHour(
    sample: ForecastSample,
    best: BestHourTiming,
    quotaPerMin: number,
    schedule: ForecastSchedule,
    now: number,
  ): Promise<NonNullable<MessageForecast['bestHour']>> {
    const fraction = sample.exact ? 1 : Math.max(sample.fraction, Number.EPSILON);
    const found = await this.deps.repo.bestHour(sample.audience, {
      ...best,
      startMin: minuteOfDay(new Date(now)),
    });
    const slots = found.slots.map((s) => ({ minutes: s.minutes, devices: s.devices / fraction }));
    const speed = schedule.speedLimit ?? 0;
    const perMinute = Math.min(quotaPerMin || Infinity, speed > 0 ? speed * 60 : Infinity);
    const spread = bestHourSpread(slots, Number.isFinite(perMinute) ? perMinute : 0);
    return {
      devices: Math.round(slots.reduce((n, s) => n + s.devices, 0)),
      control: Math.round(found.control / fraction),
      crowded: spread.crowded,
      spreadHours: spread.spreadHours,
      finishAt: new Date(now + spread.finishMinutes * 60_000).toISOString(),
    };
  }

  /**
   * Reads the sample page by page and counts each device under the filter stage's verdict: a device held out
   * (`holdouts`) under its holdout's loss before any other, as the engine's page records it.
   */
  private async tally(
    sample: CompiledAudience,
    timing: ForecastTiming,
    policy: PolicyFilter | undefined,
    rules: OwnRules,
    byCountry: CountryTally,
    holdouts: readonly Holdout[],
  ): Promise<Tally> {
    const tally: Tally = new Map();
    for (let after = '0'; ;) {
      const rows = await this.deps.repo.page(sample, after, PAGE, timing.best?.seed, holdouts);
      if (rows.length === 0) break;
      if (policy?.prefetch) await policy.prefetch(rows.map((r) => pageDevice(r, 0)));
      for (const row of rows) {
        const at = timing.at(row);
        if (at === null) continue;
        const loss = row.held || lossOf(row, at, timing.deadline(at), policy, rules);
        tally.set(loss, (tally.get(loss) ?? 0) + 1);
        if (COUNTRY_LOSSES.includes(loss)) {
          const code = row.country.toUpperCase();
          const c = byCountry.get(code) ?? { lossCode: loss, devices: 0 };
          c.devices += 1;
          byCountry.set(code, c);
        }
      }
      if (rows.length < PAGE) break;
      after = (rows.at(-1) as ForecastRow).id;
    }
    return tally;
  }
}
