import {
  countryName,
  formatClockMinutes,
  type ForbidCountry,
  type ForbidCountryTime,
  type MessageLang,
} from '@beacon/shared';
import type { ForbidRepository } from './forbid.repository';

/** The app's control policy as the console shows it, with country names in the request language. */
export class ForbidService {
  constructor(private readonly repo: ForbidRepository) {}

  /** Banned countries, platform-wide first, each group by name. */
  async countries(appId: number, lang: MessageLang): Promise<ForbidCountry[]> {
    const rows = await this.repo.countries(appId);
    const collator = new Intl.Collator(lang === 'zh' ? 'zh-Hans' : lang);
    return rows
      .map((r) => ({ countryCode: r.country, countryName: countryName(r.country, lang), scope: r.scope }))
      .sort((a, b) =>
        a.scope === b.scope
          ? collator.compare(a.countryName, b.countryName)
          : a.scope === 'platform'
            ? -1
            : 1,
      );
  }

  /** Banned windows grouped per country (by name), each country's windows by start time. */
  async times(appId: number, lang: MessageLang): Promise<ForbidCountryTime[]> {
    const byCountry = new Map<string, ForbidCountryTime>();
    for (const row of await this.repo.times(appId)) {
      let entry = byCountry.get(row.country);
      if (!entry) {
        entry = {
          countryCode: row.country,
          countryName: countryName(row.country, lang),
          intervalTimeList: [],
        };
        byCountry.set(row.country, entry);
      }
      entry.intervalTimeList.push({
        start: formatClockMinutes(row.startMinute),
        end: formatClockMinutes(row.endMinute),
      });
    }
    const collator = new Intl.Collator(lang === 'zh' ? 'zh-Hans' : lang);
    return [...byCountry.values()].sort((a, b) => collator.compare(a.countryName, b.countryName));
  }
}
