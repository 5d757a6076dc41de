import {
  ErrorCodes,
  type AppLimitListRequest,
  type GlobalSettings,
  type RestrictOption,
} from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import type { Actor, GlobalSettingsRepository } from './global-settings.repository';

/** The rules of the daily settings tab and /globalsettings; inputs are already validated by the contracts. */
export class GlobalSettingsService {
  constructor(private readonly repo: GlobalSettingsRepository) {}

  async all(): Promise<GlobalSettings> {
    const s = await this.repo.get();
    return {
      timezone: s.timezone,
      time: s.time,
      globalTagSwitcher: s.tagSwitch,
      limitSwitcher: s.limitSwitch,
      restricts: s.restricts,
      updateTime: s.updatedAt.toISOString(),
    };
  }

  async limitSwitcher(): Promise<boolean> {
    return (await this.repo.get()).limitSwitch;
  }

  async setLimitSwitcher(value: boolean, actor: Actor): Promise<void> {
    await this.repo.setSwitch('limitSwitch', value, actor);
  }

  async setTagSwitcher(value: boolean, actor: Actor): Promise<void> {
    await this.repo.setSwitch('tagSwitch', value, actor);
  }

  async setRestrictEnable(option: RestrictOption, enable: boolean, actor: Actor): Promise<void> {
    await this.repo.setRestrict(option, { enable }, actor);
  }

  async setRestrictNumber(option: RestrictOption, number: number, actor: Actor): Promise<void> {
    await this.repo.setRestrict(option, { number }, actor);
  }

  async setDayBoundary(timezone: string, time: string, actor: Actor): Promise<void> {
    await this.repo.setDayBoundary(timezone, time, actor);
  }

  appLimits(filter: AppLimitListRequest) {
    return this.repo.appLimits(filter);
  }

  async setAppLimit(appId: number, limitEnable: boolean, limitCount: number, actor: Actor): Promise<void> {
    if (!(await this.repo.setAppLimit(appId, limitEnable, limitCount, actor)))
      throw new ApiError(ErrorCodes.APP_UNKNOWN);
  }

  setAllAppLimitEnable(limitEnable: boolean, actor: Actor): Promise<number> {
    return this.repo.setAllAppLimits({ limitEnable }, actor);
  }

  setAllAppLimitCount(limitCount: number, actor: Actor): Promise<number> {
    return this.repo.setAllAppLimits({ limitCount }, actor);
  }
}
