import type { DailyLimits, DailyRestrict } from './policy-types';

/** The per-user daily limit option of a message kind (msgRestrictType 1 ad, 2 distribute, 3 content). */
export const KIND_OPTION = { 1: 'ad', 2: 'distribute', 3: 'content' } as const;

/**
 * The per-user daily limits of the global settings, by option, or null while the platform's limit switch is off:
 * what the engine's policies, troubleshooting and msg/restrict/check all read.
 */
export function dailyLimitsOf(settings: {
  limitSwitch: boolean;
  restricts: ReadonlyArray<{ option: string } & DailyRestrict>;
}): DailyLimits | null {
  if (!settings.limitSwitch) return null;
  const limit = (option: keyof DailyLimits): DailyRestrict => {
    const r = settings.restricts.find((x) => x.option === option);
    return { enable: r?.enable ?? false, number: r?.number ?? 0 };
  };
  return {
    total: limit('total'),
    ad: limit('ad'),
    distribute: limit('distribute'),
    content: limit('content'),
  };
}
