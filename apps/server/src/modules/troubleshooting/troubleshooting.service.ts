import {
  countryName,
  InstanceInvalidReason,
  InstanceStatus,
  CUSTOM_EVENT_LIMITS,
  LIMITS,
  solutionFor,
  type DeviceCustomEvent,
  type InstanceInfo,
  type InstanceQuery,
  type MessageLang,
} from '@beacon/shared';
import type { DeviceLookupRow, TroubleshootingRepository } from './troubleshooting.repository';

/** The device's custom events as troubleshooting reads them (the custom events module's repository). */
export interface DeviceCustomEvents {
  recentOf(appId: number, gaid: string, limit: number): Promise<DeviceCustomEvent[]>;
}

const DAY_MS = 24 * 3600 * 1000;

/** The order reasons are reported in: the one to fix first comes first. */
const REASON_ORDER: number[] = [
  InstanceInvalidReason.UNINSTALLED,
  InstanceInvalidReason.INACTIVE,
  InstanceInvalidReason.NOTIFICATIONS_OFF,
  InstanceInvalidReason.NEW_DEVICE,
];

/**
 * Every reason the device gets no messages: uninstalled and notifications off as stored on the device; 7-day
 * new-device protection (when the app has it on) and 90-day inactivity derived from its dates at `now`; any other
 * stored reason kept raw. The same rules as the engine's filters (filters.ts filterDevice).
 */
export function invalidReasons(device: DeviceLookupRow, now: Date): number[] {
  const reasons = new Set<number>();
  const stored = device.invalidReason;
  if (
    stored !== 0 &&
    stored !== InstanceInvalidReason.NEW_DEVICE &&
    stored !== InstanceInvalidReason.INACTIVE
  )
    reasons.add(stored);
  if (!device.notificationsEnabled) reasons.add(InstanceInvalidReason.NOTIFICATIONS_OFF);
  if (
    device.protectsNew &&
    now.getTime() - device.firstSeenAt.getTime() < LIMITS.newDeviceProtectionDays * DAY_MS
  )
    reasons.add(InstanceInvalidReason.NEW_DEVICE);
  if (now.getTime() - device.lastActiveAt.getTime() > LIMITS.inactiveDeviceDays * DAY_MS)
    reasons.add(InstanceInvalidReason.INACTIVE);
  const rank = (r: number) => {
    const i = REASON_ORDER.indexOf(r);
    return i === -1 ? REASON_ORDER.length : i;
  };
  return [...reasons].sort((a, b) => rank(a) - rank(b) || a - b);
}

const NOT_FOUND: InstanceInfo = {
  status: InstanceStatus.NOT_FOUND,
  instanceActivationTime: null,
  appActivationTime: null,
  lastActiveTime: null,
  model: null,
  brand: null,
  country: null,
  countryName: null,
  language: null,
  appVer: null,
  appVersionCode: null,
  androidVersion: null,
  timezone: null,
  noticeEnable: null,
  invalidReason: null,
  invalidReasons: [],
  solution: null,
  customEvents: [],
  user: null,
};

/** Troubleshooting by device id: whether the device can receive the app's messages, and if not, why. */
export class TroubleshootingService {
  constructor(
    private readonly repo: TroubleshootingRepository,
    private readonly customEvents?: DeviceCustomEvents,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async lookup(appId: number, query: InstanceQuery, lang: MessageLang): Promise<InstanceInfo> {
    const [device, customEvents] = await Promise.all([
      this.repo.findByGaid(appId, query.instanceId),
      this.customEvents?.recentOf(appId, query.instanceId, CUSTOM_EVENT_LIMITS.troubleshootingRecent) ?? [],
    ]);
    if (!device) return NOT_FOUND;
    const reasons = invalidReasons(device, this.clock());
    const main = reasons[0];
    return {
      status:
        reasons.length === 0 && device.status === InstanceStatus.VALID
          ? InstanceStatus.VALID
          : InstanceStatus.INVALID,
      instanceActivationTime: device.firstSeenAt.toISOString(),
      appActivationTime: device.appActiveAt.toISOString(),
      lastActiveTime: device.lastActiveAt.toISOString(),
      model: device.model,
      brand: device.brand,
      country: device.country,
      countryName: countryName(device.country, lang),
      language: device.language,
      appVer: device.appVersion,
      appVersionCode: device.appVersionCode,
      androidVersion: device.osVersion,
      timezone: device.timezone,
      noticeEnable: device.notificationsEnabled,
      invalidReason: main ?? null,
      invalidReasons: reasons,
      solution: main === undefined ? null : (solutionFor(main) ?? null),
      customEvents,
      user: device.user,
    };
  }
}
