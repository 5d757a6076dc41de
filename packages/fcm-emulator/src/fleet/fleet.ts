import { type Delivery, type FcmEmulator } from '../types';
import { batteryKilled, type BatteryKiller } from './battery-killer';
import { BEHAVIOUR_DEFAULTS, SimulatedDevice, type FleetBehaviour } from './device-behaviour';
import { DeviceApi, type FleetLog } from './device-api';
import { EventQueue, type EventCounters } from './event-queue';
import { generateFleetDevices, registerBody, type FleetDevice } from './fleet-devices';
import {
  ACTIVITY_DEFAULTS,
  buysAfterClick,
  fleetPeople,
  liveActivity,
  purchaseEvent,
  type FleetPerson,
  type PersonalOptions,
} from './personal';
import { deriveSeed, mulberry32, uniform } from './prng';
import { Timers } from './timers';

export interface FleetOptions {
  /** in-process emulator (same process as the fleet) */
  emulator: FcmEmulator;
  /** the app's Firebase project id (service-account project_id) */
  projectId: string;
  packageName: string;
  /** Beacon, e.g. http://127.0.0.1:8080 (POST {apiBaseUrl}/sdk/v1/...) */
  apiBaseUrl: string;
  appKey: string;
  appSecret: string;
  count: number;
  /** same seed → same gaids, tokens and attributes; use a different seed per app sharing one emulator */
  seed: number;
  notificationsOffPct?: number;
  uninstalledPct?: number;
  offlinePct?: number;
  behaviour?: Partial<FleetBehaviour>;
  /** a share of the devices of chosen brands drop pushes while asleep and open the app later (battery-killer.ts) */
  batteryKiller?: BatteryKiller;
  /** max registrations in flight to the device API, default 32 */
  concurrency?: number;
  /** max event reports in flight, separate from registrations so that they never queue behind them; default 8 */
  eventConcurrency?: number;
  /**
   * People (personal.ts): a share of the devices signs in to an app user with attributes and reports the app's own
   * events (POST /sdk/v1/user, /attributes, /track once registered); a signed-in user who clicks may then buy. With
   * `activity`, a seeded share of them keeps viewing items and abandoning carts while the fleet runs.
   */
  personal?: PersonalOptions;
  /** The devices are already in Beacon (a restarted server): register them with the emulator only. */
  alreadyRegistered?: boolean;
  log?: FleetLog;
}

export interface FleetStats {
  devices: number;
  deliveries: number;
  eventsSent: number;
  eventsFailed: number;
  byType: Record<string, number>;
  /** battery-killed devices, app opens (heartbeats they sent), and notifications those heartbeats recovered */
  batteryKilled: number;
  appOpens: number;
  recovered: number;
  /** signed-in devices (personal) and the app's own events they reported (accepted by the device API) */
  people: number;
  customEvents: number;
  /** ticks of the people's live activity so far (personal.activity) */
  activityTicks: number;
}

/** Optional emulator methods the public FcmEmulator interface does not declare (the in-process one has them). */
interface EmulatorExtras {
  off?: (event: 'delivery', listener: (d: Delivery) => void) => unknown;
  setNotificationsEnabled?: (token: string, enabled: boolean) => void;
}

/**
 * A simulated device fleet: devices registered in the emulator and through Beacon's real device API, which
 * react to the emulator's deliveries like the Beacon SDK would and report events back through the device API.
 */
export class Fleet {
  private readonly list: FleetDevice[];
  private readonly sims = new Map<string, SimulatedDevice>();
  private readonly behaviour: FleetBehaviour;
  private readonly api: DeviceApi;
  private readonly queue: EventQueue;
  private readonly timers = new Timers();
  private readonly counters: EventCounters = { eventsSent: 0, eventsFailed: 0, byType: {} };
  private deliveries = 0;
  private appOpens = 0;
  private recoveredCount = 0;
  private customEvents = 0;
  private activityTicks = 0;
  /** the people's /track calls in flight (stop waits for them) */
  private readonly tracking = new Set<Promise<void>>();
  private readonly people: Map<string, FleetPerson>;
  private readonly killed: Map<string, number | undefined>;
  private listening = false;
  private readonly listener = (d: Delivery) => this.onDelivery(d);

  constructor(private readonly opts: FleetOptions) {
    this.behaviour = { ...BEHAVIOUR_DEFAULTS, ...opts.behaviour };
    this.list = generateFleetDevices(opts.count, opts.seed, opts);
    this.api = new DeviceApi({
      apiBaseUrl: opts.apiBaseUrl,
      appKey: opts.appKey,
      appSecret: opts.appSecret,
      concurrency: opts.concurrency ?? 32,
      eventConcurrency: opts.eventConcurrency ?? 8,
      delayScale: this.behaviour.delayScale,
      log: opts.log,
    });
    this.queue = new EventQueue(this.api, 1000 * this.behaviour.delayScale, this.counters);
    this.killed = batteryKilled(this.list, opts.batteryKiller, opts.seed);
    this.people = new Map(
      (opts.personal ? fleetPeople(this.list, opts.seed, opts.personal) : []).map((p) => [p.gaid, p]),
    );
    for (const d of this.list) {
      const buyer = mulberry32(deriveSeed(opts.seed, d.index, 13));
      const rnd = mulberry32(deriveSeed(opts.seed, d.index, 3));
      const killed = this.killed.has(d.gaid)
        ? { openAfter: this.killed.get(d.gaid), openApp: () => void this.openApp(d.gaid) }
        : undefined;
      this.sims.set(
        d.token,
        new SimulatedDevice(
          d,
          rnd,
          this.behaviour,
          this.timers,
          (gaid, e) => {
            this.queue.add(gaid, e);
            // a signed-in user who clicks may buy a little later (the exit event of a journey, say)
            if (e.type === 'clicked' && this.people.has(gaid) && buysAfterClick(buyer, opts.personal))
              void this.track(gaid, [
                purchaseEvent(buyer, e.ts, uniform(buyer, 5, 120) * this.behaviour.delayScale),
              ]);
          },
          killed,
        ),
      );
    }
  }

  /** Registers every device (emulator first, then POST /sdk/v1/register), then listens for deliveries. */
  async start(): Promise<{ registered: number; failed: number }> {
    const { emulator, projectId, packageName } = this.opts;
    const extras = emulator as FcmEmulator & EmulatorExtras;
    for (const d of this.list) {
      emulator.registerDevice({ projectId, packageName, token: d.token, online: !d.offline });
      extras.setNotificationsEnabled?.(d.token, d.notificationsEnabled);
    }
    if (!this.listening) {
      emulator.on('delivery', this.listener);
      this.listening = true;
    }
    let registered = 0;
    let failed = 0;
    if (this.opts.alreadyRegistered) {
      registered = this.list.length;
    } else {
      await Promise.all(
        this.list.map(async (d) => {
          const res = await this.api.post('/sdk/v1/register', registerBody(d));
          if (res.ok) registered++;
          else failed++;
        }),
      );
    }
    if (!this.opts.alreadyRegistered && this.people.size > 0) await this.signIn();
    for (const d of this.list) {
      if (d.uninstalled) emulator.unregisterDevice(d.token);
      if (d.offline) {
        this.timers.after(d.offlineForMs * this.behaviour.delayScale, () => {
          if (this.listening) emulator.setOnline(d.token, true);
        });
      }
    }
    this.opts.log?.info(
      { devices: this.list.length, registered, failed, projectId },
      'fleet: devices registered',
    );
    this.liveActivity();
    return { registered, failed };
  }

  /**
   * The people's live activity (personal.activity): every `everySeconds` × delayScale, tick n's events
   * (liveActivity: the seed and n decide who) are reported at that moment, each person's in one /track call.
   */
  private liveActivity(): void {
    const activity = this.opts.personal?.activity;
    if (!activity || this.people.size === 0 || !this.listening) return;
    const every =
      (activity.everySeconds ?? ACTIVITY_DEFAULTS.everySeconds) * 1000 * this.behaviour.delayScale;
    const people = [...this.people.values()];
    const next = () =>
      this.timers.after(every, () => {
        if (!this.listening) return;
        const tick = ++this.activityTicks;
        for (const { gaid, event } of liveActivity(people, this.opts.seed, tick, activity))
          void this.track(gaid, [event]);
        next();
      });
    next();
  }

  /** Stops listening, clears every timer (events not yet happened are dropped) and sends what is queued. */
  async stop(): Promise<void> {
    if (this.listening) {
      (this.opts.emulator as FcmEmulator & EmulatorExtras).off?.('delivery', this.listener);
      this.listening = false;
    }
    this.timers.clear();
    await this.queue.drain();
    while (this.tracking.size) await Promise.all([...this.tracking]);
  }

  stats(): FleetStats {
    return {
      devices: this.list.length,
      deliveries: this.deliveries,
      eventsSent: this.counters.eventsSent,
      eventsFailed: this.counters.eventsFailed,
      byType: { ...this.counters.byType },
      batteryKilled: this.killed.size,
      appOpens: this.appOpens,
      recovered: this.recoveredCount,
      people: this.people.size,
      customEvents: this.customEvents,
      activityTicks: this.activityTicks,
    };
  }

  /** The gaids of the battery-killed devices. */
  batteryKilledDevices(): string[] {
    return [...this.killed.keys()];
  }

  /**
   * The user opens the app on a device: its SDK sends a heartbeat and shows what missed-push recovery answers (each
   * reported `received` as recovered). Resolves with how many notifications it recovered.
   */
  async openApp(gaid: string): Promise<number> {
    const d = this.list.find((x) => x.gaid === gaid);
    const sim = d && this.sims.get(d.token);
    if (!d || !sim || !this.listening) return 0;
    this.appOpens++;
    const res = await this.api.post('/sdk/v1/heartbeat', {
      gaid,
      notificationsEnabled: d.notificationsEnabled,
    });
    if (!res.ok) return 0;
    const recovered = (res.data as { recovered?: unknown } | undefined)?.recovered;
    if (!Array.isArray(recovered)) return 0;
    const items = recovered.filter(
      (r): r is { msgId: string; data: Record<string, string> } =>
        typeof r === 'object' && r !== null && typeof (r as { msgId?: unknown }).msgId === 'string',
    );
    this.recoveredCount += items.length;
    sim.onRecovered(items);
    return items.length;
  }

  /** The signed-in devices' people (personal): user, attributes and the events reported at start. */
  persons(): FleetPerson[] {
    return [...this.people.values()];
  }

  /** Each person's device names its user, sets the user's attributes and reports what the user did before. */
  private async signIn(): Promise<void> {
    await Promise.all(
      [...this.people.values()].map(async (p) => {
        const named = await this.api.post('/sdk/v1/user', { gaid: p.gaid, externalId: p.externalId });
        if (!named.ok) return;
        await this.api.post('/sdk/v1/attributes', { gaid: p.gaid, attributes: p.attributes });
        await this.track(p.gaid, p.events);
      }),
    );
  }

  private async track(gaid: string, events: FleetPerson['events']): Promise<void> {
    if (events.length === 0 || !this.listening) return;
    const p = this.api.post('/sdk/v1/track', { gaid, events }, 'events').then((res) => {
      if (res.ok) this.customEvents += events.length;
    });
    this.tracking.add(p);
    try {
      await p;
    } finally {
      this.tracking.delete(p);
    }
  }

  /** The generated devices: gaid, token, attributes and flags. */
  devices(): ReadonlyArray<FleetDevice> {
    return this.list;
  }

  private onDelivery(d: Delivery): void {
    if (!this.listening || d.projectId !== this.opts.projectId) return;
    const sim = this.sims.get(d.token);
    if (!sim) return;
    this.deliveries++;
    sim.onMessage(d.message);
  }
}
