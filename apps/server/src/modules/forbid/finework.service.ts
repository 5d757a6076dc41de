import {
  countryName,
  FORBID_LIMITS,
  formatClockMinutes,
  intervalKey,
  type FineworkAddResult,
  type FineworkAppSummary,
  type FineworkCountryRow,
  type FineworkCountryTimes,
  type FineworkTimesAdd,
  type FineworkTimesDelete,
  type FineworkWindow,
  type ForbidInterval,
  type MessageLang,
} from '@beacon/shared';
import { fieldError } from '../../lib/api-error';
import type { AuditEntry } from '../../platform/audit-log';
import { countryCsv, timeCsv } from './finework.csv';
import type { AppRef, CountryBan, FineworkRepository, WindowMinutes, WindowRow } from './finework.repository';

type Actor = AuditEntry['actor'];

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toInterval = (w: WindowMinutes): ForbidInterval => ({
  start: formatClockMinutes(w.startMinute),
  end: formatClockMinutes(w.endMinute),
});
const keyOf = (w: WindowMinutes) => intervalKey(toInterval(w));
const collatorFor = (lang: MessageLang) => new Intl.Collator(lang === 'zh' ? 'zh-Hans' : lang);

/** Fine-work (issue 5 item 1): country bans per app and platform-wide, time windows per app and country. */
export class FineworkService {
  constructor(private readonly repo: FineworkRepository) {}

  async summary(): Promise<{ apps: FineworkAppSummary[]; platformCountries: number }> {
    const [apps, platformCountries] = await Promise.all([this.repo.summary(), this.repo.platformCount()]);
    return { apps, platformCountries };
  }

  /** The bans of an app (or platform-wide with null), by country name in `lang`. */
  async countries(appId: number | null, lang: MessageLang): Promise<FineworkCountryRow[]> {
    if (appId !== null) await this.requireApp(appId);
    const collator = collatorFor(lang);
    return (await this.repo.countries(appId))
      .map((b) => ({
        countryCode: b.country,
        countryName: countryName(b.country, lang),
        createdBy: b.createdBy,
        createTime: b.createdAt.toISOString(),
      }))
      .sort((a, b) => collator.compare(a.countryName, b.countryName));
  }

  /** Bans countries (codes already checked against the dictionary by the contract); repeats count once. */
  async addCountries(appId: number | null, codes: string[], actor: Actor): Promise<FineworkAddResult> {
    const app = appId === null ? null : await this.requireApp(appId);
    const unique = [...new Set(codes)];
    return this.repo.addCountries(app, unique, actor, ({ country }) => ({
      action: 'create',
      target: app ? `app ${app.appId} country ${country}` : `platform country ${country}`,
      newValue: {
        ...(app ? { appId: app.appId, app: app.title } : { scope: 'platform' }),
        countryCode: country,
        country: countryName(country, 'en'),
      },
    }));
  }

  async removeCountry(appId: number | null, country: string, actor: Actor): Promise<void> {
    const app = appId === null ? null : await this.requireApp(appId);
    const done = await this.repo.removeCountry(app?.appId ?? null, country, actor, (ban: CountryBan) => ({
      action: 'delete',
      target: app ? `app ${app.appId} country ${country}` : `platform country ${country}`,
      oldValue: {
        ...(app ? { appId: app.appId, app: app.title } : { scope: 'platform' }),
        countryCode: ban.country,
        country: countryName(ban.country, 'en'),
      },
    }));
    if (!done)
      throw fieldError(
        'countryCode',
        `${country} is not banned ${app ? `for ${app.title}` : 'platform-wide'}`,
      );
  }

  /** The app's windows grouped per country (by name in `lang`), each country's by start. */
  async windows(appId: number, lang: MessageLang): Promise<FineworkCountryTimes[]> {
    await this.requireApp(appId);
    return groupWindows(await this.repo.windows(appId), lang);
  }

  /**
   * Adds windows for one country: each must differ from the country's windows already banned (the contract has
   * refused empty windows and repeats inside the request); all or none are written.
   */
  async addWindows(input: FineworkTimesAdd, actor: Actor): Promise<FineworkWindow[]> {
    const app = await this.requireApp(input.appId);
    const windows = input.intervalTimeList.map((i) => ({
      startMinute: minutesOf(i.start),
      endMinute: minutesOf(i.end),
    }));
    const check = (existing: WindowMinutes[]) => {
      const taken = new Set(existing.map(keyOf));
      const clash = windows.findIndex((w) => taken.has(keyOf(w)));
      if (clash >= 0) {
        const w = toInterval(windows[clash]!);
        throw fieldError(
          `intervalTimeList.${clash}`,
          `${w.start}–${w.end} is already banned for ${input.countryCode}`,
        );
      }
      if (existing.length + windows.length > FORBID_LIMITS.windowsPerCountry) {
        throw fieldError(
          'intervalTimeList',
          `${input.countryCode} would have more than ${FORBID_LIMITS.windowsPerCountry} windows`,
        );
      }
    };
    const ids = await this.repo.addWindows(
      app.appId,
      input.countryCode,
      windows,
      actor,
      check,
      ({ before, after }) => ({
        action: before.length === 0 ? 'create' : 'update',
        target: `app ${app.appId} times ${input.countryCode}`,
        oldValue: before.length === 0 ? null : windowsSnapshot(app, input.countryCode, before),
        newValue: windowsSnapshot(app, input.countryCode, after),
      }),
    );
    return windows.map((w, i) => ({ id: ids[i] ?? 0, ...toInterval(w) }));
  }

  async removeWindows(input: FineworkTimesDelete, actor: Actor): Promise<void> {
    const app = await this.requireApp(input.appId);
    const touched = await this.repo.removeWindows(
      app.appId,
      { id: input.id, country: input.countryCode },
      actor,
      ({ country, before, after }) => ({
        action: after.length === 0 ? 'delete' : 'update',
        target: `app ${app.appId} times ${country}`,
        oldValue: windowsSnapshot(app, country, before),
        newValue: after.length === 0 ? null : windowsSnapshot(app, country, after),
      }),
    );
    if (touched.length === 0) {
      throw input.id !== undefined
        ? fieldError('id', `window ${input.id} is not banned for ${app.title}`)
        : fieldError('countryCode', `${input.countryCode ?? ''} has no banned window for ${app.title}`);
    }
  }

  /** The banned countries as CSV: platform-wide, then one app's (`appId`) or every app's. */
  async countryCsv(appId: number | undefined, lang: MessageLang): Promise<string> {
    if (appId !== undefined) await this.requireApp(appId);
    return countryCsv(await this.repo.exportCountries(appId), lang);
  }

  /** The banned windows as CSV, of one app (`appId`) or every app. */
  async timeCsv(appId: number | undefined, lang: MessageLang): Promise<string> {
    if (appId !== undefined) await this.requireApp(appId);
    return timeCsv(await this.repo.exportWindows(appId), lang);
  }

  private async requireApp(appId: number): Promise<AppRef> {
    const app = await this.repo.app(appId);
    if (!app) throw fieldError('appId', `app ${appId} does not exist`);
    return app;
  }
}

/** The audit snapshot of one country's windows: `HH:mm-HH:mm, …`, an end earlier than the start marked `(+1 day)`. */
function windowsSnapshot(app: AppRef, country: string, windows: WindowMinutes[]) {
  return {
    appId: app.appId,
    app: app.title,
    countryCode: country,
    windows: windows.map((w) => `${keyOf(w)}${w.endMinute < w.startMinute ? ' (+1 day)' : ''}`).join(', '),
  };
}

function groupWindows(rows: WindowRow[], lang: MessageLang): FineworkCountryTimes[] {
  const byCountry = new Map<string, FineworkCountryTimes>();
  for (const row of rows) {
    let entry = byCountry.get(row.country);
    if (!entry) {
      entry = { countryCode: row.country, countryName: countryName(row.country, lang), intervalTimeList: [] };
      byCountry.set(row.country, entry);
    }
    entry.intervalTimeList.push({ id: row.id, ...toInterval(row) });
  }
  const collator = collatorFor(lang);
  return [...byCountry.values()].sort((a, b) => collator.compare(a.countryName, b.countryName));
}
