import { randomBytes } from 'node:crypto';
import { ApiError } from '../../lib/api-error';
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

/** A new app key (public, in SDK configs) and secret (shown to the owner, sealed at rest). */
export function newAppCredentials(): { appKey: string; appSecret: string } {
  return { appKey: randomBytes(12).toString('hex'), appSecret: randomBytes(24).toString('base64url') };
}

/** Apps: creation with credentials; the console's app screens build on it. */
export class AppsService {
  constructor(
    private readonly repo: AppsRepository,
    private readonly box: SecretBox,
  ) {}

  /** Creates an app owned by `owner`; the secret and the service-account JSON are stored encrypted. */
  async create(input: CreateAppInput): Promise<{ app: AppRecord; appSecret: string }> {
    if (await this.repo.findByPkg(input.pkg)) throw new ApiError(400, () => `package ${input.pkg} already exists`);
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
    return { app, appSecret };
  }

  /** The app's service-account JSON, decrypted (for the FCM client only; never sent to the console). */
  serviceAccountJson(app: AppRecord): string | undefined {
    return app.firebaseJsonEnc ? this.box.open(app.firebaseJsonEnc) : undefined;
  }
}
