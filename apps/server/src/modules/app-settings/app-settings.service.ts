import { ErrorCodes, type AppSwitch, type GlobalAppList, type GlobalAppListRequest } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import type { Actor, AppSettingsRepository } from './app-settings.repository';

/** /appsettings: the configuration of every app, and its switches. */
export class AppSettingsService {
  constructor(private readonly repo: AppSettingsRepository) {}

  list(filter: GlobalAppListRequest): Promise<GlobalAppList> {
    return this.repo.list(filter);
  }

  async setSwitch(appId: number, which: AppSwitch, enable: boolean, actor: Actor): Promise<void> {
    if (!(await this.repo.setSwitch(appId, which, enable, actor))) throw new ApiError(ErrorCodes.APP_UNKNOWN);
  }
}
