import { randomBytes } from 'node:crypto';
import { ErrorCodes, ProjectLevel, type AppCard, type AppList } from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import type { SecretBox } from '../../lib/secret-box';
import type { AppRecord, AppsRepository } from './apps.repository';

export interface ServiceAccountInfo {
  json: string;
  projectId: string;
  clientEmail: string;
  fileName: string;
}

export interface CreateAppInput {
  title: string;
  pkg: string;
  description?: string;
  logo?: string;
  owner: { userId: number; email: string };
  serviceAccount?: ServiceAccountInfo;
}

/** The package is already used by another app (packages are unique and never change). */
export function pkgTaken(): ApiError {
  return fieldError('pkg', 'is already used by another app');
}

/** A new app key (public, in SDK configs) and secret (shown to the owner, sealed at rest). */
export function newAppCredentials(): { appKey: string; appSecret: string } {
  return { appKey: randomBytes(12).toString('hex'), appSecret: randomBytes(24).toString('base64url') };
}

/** Apps: creation with credentials, the caller's list, secrets and deletion. */
export class AppsService {
  constructor(
    private readonly repo: AppsRepository,
    private readonly box: SecretBox,
  ) {}

  /** Creates an app owned by `owner`; the secret and the service-account JSON are stored encrypted. */
  async create(input: CreateAppInput): Promise<{ app: AppRecord; appSecret: string }> {
    if (await this.repo.findByPkg(input.pkg)) throw pkgTaken();
    const { appKey, appSecret } = newAppCredentials();
    const sa = input.serviceAccount;
    const app = await this.repo.insertWithOwner(
      {
        title: input.title,
        pkg: input.pkg,
        description: input.description ?? '',
        logo: input.logo ?? '',
        ownerId: input.owner.userId,
        appKey,
        appSecretEnc: this.box.seal(appSecret),
        firebaseJsonEnc: sa ? this.box.seal(sa.json) : null,
        firebaseProjectId: sa?.projectId ?? '',
        firebaseClientEmail: sa?.clientEmail ?? '',
        firebaseJsonName: sa?.fileName ?? '',
      },
      input.owner,
    );
    if (!app) throw pkgTaken();
    return { app, appSecret };
  }

  /** The app's service-account JSON, decrypted (for the FCM client only; never sent to the console). */
  serviceAccountJson(app: AppRecord): string | undefined {
    return app.firebaseJsonEnc ? this.box.open(app.firebaseJsonEnc) : undefined;
  }

  /** Whether no app uses this package yet. */
  async isPkgFree(pkg: string): Promise<boolean> {
    return (await this.repo.findByPkg(pkg)) === undefined;
  }

  /** A page of the apps the user has an active role on (all apps for level-100 users), the user's own first. */
  async list(
    user: { id: number; ulevel: number },
    title: string,
    pageNo: number,
    pageSize: number,
  ): Promise<AppList> {
    const all = user.ulevel === ProjectLevel.SUPER_ADMIN;
    const { rows, total } = await this.repo.listFor(
      { id: user.id, all },
      title,
      (pageNo - 1) * pageSize,
      pageSize,
    );
    const results: AppCard[] = rows.map((r) => ({
      appId: r.id,
      title: r.title,
      pkg: r.pkg,
      logo: r.logo,
      projectLevel: r.level,
      owned: r.ownerId === user.id,
      reviewEnable: r.reviewEnable,
    }));
    return { results, total };
  }

  async countOwned(userId: number): Promise<number> {
    return this.repo.countOwned(userId);
  }

  private async found(appId: number): Promise<AppRecord> {
    const app = await this.repo.findById(appId);
    if (!app) throw new ApiError(ErrorCodes.APP_UNKNOWN);
    return app;
  }

  /** The app secret in clear, for its owner or a super admin. */
  async revealSecret(appId: number): Promise<string> {
    return this.box.open((await this.found(appId)).appSecretEnc);
  }

  /** Replaces the app secret; SDKs holding the old one are refused once the credential caches expire (30 s). */
  async rotateSecret(appId: number): Promise<string> {
    await this.found(appId);
    const { appSecret } = newAppCredentials();
    await this.repo.update(appId, { appSecretEnc: this.box.seal(appSecret) });
    return appSecret;
  }

  /** Deletes an app once the caller has typed its package name. */
  async remove(appId: number, typedPkg: string): Promise<void> {
    const app = await this.found(appId);
    if (typedPkg.trim() !== app.pkg) throw fieldError('pkg', 'does not match the package name of the app');
    await this.repo.delete(appId);
  }
}
