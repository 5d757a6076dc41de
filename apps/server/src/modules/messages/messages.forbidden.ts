import {
  capForecast,
  countryName,
  ErrorCodes,
  errorWithDetail,
  formatClockMinutes,
  roundEstimate,
  scaleFromSample,
  type MessageLang,
} from '@beacon/shared';
import { LOSS } from '../../delivery/engine';
import { ApiError } from '../../lib/api-error';
import type { PolicySnapshot } from '../../policy';
import type { MessagesForbiddenRepository } from './messages-forbidden.repository';
import { COUNTRY_LOSSES, type ForecastEstimate } from './messages.forecast';

/** One row of the forbidden-send dialog (part 2 §2): a country banned all day, or its banned windows the schedule hits. */
export interface ForbiddenCountry {
  countryCode: string;
  countryName: string;
  allDay: boolean;
  windows: Array<{ start: string; end: string }>;
  /** 6 platform ban, 104 app ban, 105 banned window. */
  lossCode: number;
  /** Devices of the audience it drops that would otherwise be sent (the forecast's count of the country). */
  devices: number;
}

/** The 201/202 answer's figures, read from a save's forecast (the same figures as the confirmation's forecast). */
export interface Blocked {
  /** countries without their windows, most devices first */
  rows: Array<Omit<ForbiddenCountry, 'windows'>>;
  /** the forecast's losses 6, 104 and 105 (capped by the push count as the confirmation shows them) */
  devices: number;
  /** the audience the forecast is of */
  audience: number;
  exact: boolean;
  /** whether any device outside the banned countries and windows could be sent to (202), or none (201) */
  canContinue: boolean;
}

/**
 * What the country policies take in a save's forecast (messages.forecast.ts, the delivery engine's own filter stage
 * over the estimate's devices): a device the engine's own filters drop first (uninstalled, notifications off,
 * inactive, new) is that loss, not the country's. Each count is the forecast's: scaled from the sample when it was
 * sampled, then capped by the push count as the confirmation's table caps it (capForecast), so the dialog's total is
 * the sum of the table's rows 6, 104 and 105. Null when no country policy takes a device.
 *
 * A sample cannot prove that no device outside the banned countries exists: a sampled forecast answers 202, never 201.
 */
export function blockedOf(f: ForecastEstimate, pushCount: number | undefined): Blocked | null {
  if (f.countries.size === 0) return null;
  const capped = capForecast(f.forecast, pushCount);
  const k = capped === f.forecast || f.forecast.send === 0 ? 1 : capped.send / f.forecast.send;
  const scaled = (x: number) => {
    const n = scaleFromSample(x, f.fraction).count * k;
    return f.forecast.exact ? Math.round(n) : roundEstimate(n);
  };
  const rows = [...f.countries]
    .map(([code, c]) => ({
      countryCode: code,
      countryName: countryName(code, 'en'),
      allDay: c.lossCode !== LOSS.TIME_WINDOW,
      lossCode: c.lossCode,
      devices: scaled(c.devices),
    }))
    .sort((a, b) => b.devices - a.devices || a.countryCode.localeCompare(b.countryCode));
  return {
    rows,
    devices: capped.losses.filter((l) => COUNTRY_LOSSES.includes(l.type)).reduce((n, l) => n + l.count, 0),
    audience: f.count,
    exact: f.forecast.exact,
    canContinue: f.outside > 0 || !f.forecast.exact,
  };
}

/** Throws 201 or 202 when sending is forbidden for part of the audience; resolves when the save may go on. */
export type ForbiddenCheck = (
  appId: number,
  forecast: ForecastEstimate,
  pushCount: number | undefined,
  force: boolean,
) => Promise<void>;

const names = (rows: ForbiddenCountry[], lang: MessageLang) =>
  rows.map((r) => `${countryName(r.countryCode, lang)} (${r.countryCode})`).join(', ');

/** The banned windows of a country, as the dialog shows them. */
const windowsOf = (snapshot: PolicySnapshot, code: string) =>
  (snapshot.bannedWindows.get(code) ?? []).map((w) => ({
    start: formatClockMinutes(w.startMinute),
    end: formatClockMinutes(w.endMinute),
  }));

/**
 * msg/save's forbidden-country answer (part 2 §2, §8; issue 5's policy table): when the save's forecast has devices
 * that countries banned for the app (6, 104) or banned windows the schedule hits and that do not end within the
 * message's time to live (105; devices whose window ends in time only wait) will drop, the save answers
 * - 201 when no device outside them could receive the message: it cannot be created (even with the force flag);
 * - 202 when others could: it is created only with `countryMsgforceCreate`, and the filter stage drops those devices.
 * Nothing is saved before this check passes. Data: `{forbidden: ForbiddenCountry[], blocked: {devices, audience,
 * exact}}`, the forecast's own figures (issue 29 item 10: the confirmation's forecast and this answer are one
 * computation).
 */
export function forbiddenCheck(repo: MessagesForbiddenRepository): ForbiddenCheck {
  return async (appId, forecast, pushCount, force) => {
    const blocked = blockedOf(forecast, pushCount);
    if (!blocked) return;
    const code = blocked.canContinue
      ? ErrorCodes.AUDIENCE_FORBIDDEN_MAY_CONTINUE
      : ErrorCodes.AUDIENCE_FORBIDDEN;
    if (code === ErrorCodes.AUDIENCE_FORBIDDEN_MAY_CONTINUE && force) return;
    const snapshot = await repo.snapshot(appId);
    const rows: ForbiddenCountry[] = blocked.rows.map((r) => ({
      ...r,
      windows: r.lossCode === LOSS.TIME_WINDOW ? windowsOf(snapshot, r.countryCode) : [],
    }));
    throw new ApiError(code, (lang) => errorWithDetail(code, lang, names(rows, lang)), {
      forbidden: rows,
      blocked: { devices: blocked.devices, audience: blocked.audience, exact: blocked.exact },
    });
  };
}
