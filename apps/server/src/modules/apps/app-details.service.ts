import {
  ErrorCodes,
  pushRecoveryOf,
  type PushRecovery,
  WindowCaps,
  type AppDetail,
  type AppUpdateRequest,
  type TokenHygiene,
} from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import type { SecretBox } from '../../lib/secret-box';
import type { UsersRepository } from '../users';
import type { AppRecord, AppsRepository } from './apps.repository';
import type { ServiceAccountInfo } from './apps.service';
import { toAppInfo } from './app-info';

/**
 * The app details screen (config/project): what it shows and the settings of one app it changes. Not the platform's
 * /appsettings screen over every app (modules/app-settings, AppSettingsService).
 */
export class AppDetailsService {
  constructor(
    private readonly repo: AppsRepository,
    private readonly users: UsersRepository,
    private readonly box: SecretBox,
  ) {}

  private async found(appId: number): Promise<AppRecord> {
    const app = await this.repo.findById(appId);
    if (!app) throw new ApiError(ErrorCodes.APP_UNKNOWN);
    return app;
  }

  /** An app that still takes changes: destroyed apps (SDK closed) are read-only. */
  private async editable(appId: number): Promise<AppRecord> {
    const app = await this.found(appId);
    if (app.destroy === 2) throw new ApiError(ErrorCodes.APP_DESTROYED);
    return app;
  }

  async detail(appId: number, projectLevel: number): Promise<AppDetail> {
    const app = await this.found(appId);
    const owner = app.ownerId ? await this.users.findById(app.ownerId) : undefined;
    return {
      ...toAppInfo(app, owner?.email ?? '', projectLevel),
      description: app.description,
      wifiReportTime: app.wifiReportTime,
      mobileReportTime: app.mobileReportTime,
      appKey: app.appKey,
      serverKey: '',
      commercialEnable: app.commercialEnable,
      fcmQuotaPerMinute: app.fcmQuotaPerMin,
      firebaseJsonDisplay: app.firebaseJsonEnc
        ? { project_id: app.firebaseProjectId, client_email: app.firebaseClientEmail }
        : null,
      firebaseJsonName: app.firebaseJsonName,
      multiLangList: [],
      dmpCustomize: [],
      dmpCustomizeGroup: [],
      updateTime: app.updatedAt.toISOString(),
    };
  }

  async update(appId: number, input: AppUpdateRequest): Promise<void> {
    await this.editable(appId);
    await this.repo.update(appId, input);
  }

  async setReportTimes(appId: number, wifiReportTime: number, mobileReportTime: number): Promise<void> {
    await this.editable(appId);
    await this.repo.update(appId, { wifiReportTime, mobileReportTime });
  }

  async setAdvanceTarget(appId: number, enabled: boolean): Promise<void> {
    await this.editable(appId);
    await this.repo.update(appId, { advanceTarget: enabled });
  }

  async setLimitEnabled(appId: number, enabled: boolean): Promise<void> {
    await this.editable(appId);
    await this.repo.update(appId, { limitEnable: enabled });
  }

  async setLimitCount(appId: number, limitCount: number): Promise<void> {
    await this.editable(appId);
    await this.repo.update(appId, { limitCount });
  }

  /** Its Firebase project's FCM quota (every app of the project: the senders draw from the smallest). */
  async setFcmQuota(appId: number, perMinute: number): Promise<void> {
    await this.editable(appId);
    await this.repo.update(appId, { fcmQuotaPerMin: perMinute });
  }

  /** Its frequency caps over any window, per kind (issue 32 §3); a stored value is read through the shared rule. */
  async windowCaps(appId: number): Promise<WindowCaps> {
    return WindowCaps.parse((await this.found(appId)).windowCaps ?? {});
  }

  /** Replaces its frequency caps (checked by the route with the shared rule); sends from now on are held to them. */
  async setWindowCaps(appId: number, caps: WindowCaps): Promise<WindowCaps> {
    await this.editable(appId);
    await this.repo.update(appId, { windowCaps: caps });
    return caps;
  }

  /** Its missed-push recovery (issue 32 §1); a stored value is read through the shared rule. */
  async pushRecovery(appId: number): Promise<PushRecovery> {
    return pushRecoveryOf((await this.found(appId)).pushRecovery);
  }

  /** Sets its missed-push recovery (checked by the route with the shared rule); heartbeats follow it within 30 s. */
  async setPushRecovery(appId: number, setting: PushRecovery): Promise<PushRecovery> {
    await this.editable(appId);
    await this.repo.update(appId, { pushRecovery: setting });
    return setting;
  }

  /** Its token hygiene (issue 32 §4): the days without activity after which its devices are stale (0: off). */
  async tokenHygiene(appId: number): Promise<TokenHygiene> {
    return { staleDays: (await this.found(appId)).staleDays };
  }

  /** Sets its stale limit (checked by the route with the shared rule); sends from now on leave stale devices out. */
  async setTokenHygiene(appId: number, hygiene: TokenHygiene): Promise<TokenHygiene> {
    await this.editable(appId);
    await this.repo.update(appId, { staleDays: hygiene.staleDays });
    return hygiene;
  }

  /** Replaces the service-account key (sealed); only its project and client e-mail are ever shown. */
  async replaceServiceAccount(appId: number, sa: ServiceAccountInfo): Promise<void> {
    await this.editable(appId);
    await this.repo.update(appId, {
      firebaseJsonEnc: this.box.seal(sa.json),
      firebaseProjectId: sa.projectId,
      firebaseClientEmail: sa.clientEmail,
      firebaseJsonName: sa.fileName,
    });
  }
}
