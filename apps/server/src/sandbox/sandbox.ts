import { createPublicKey } from 'node:crypto';
import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import type { Database } from '../db/client';
import type { SecretBox } from '../lib/secret-box';
import { SandboxRepository } from './sandbox.repository';

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

interface AppFcm {
  projectId: string;
  pkg: string;
}

/** Where sandbox service accounts send their token requests: Beacon's own address, stable across restarts. */
export { SANDBOX_TOKEN_PATH } from '../delivery/token-endpoints';

const PRELOAD_TOKENS = 200_000;

/**
 * The built-in FCM of a server started without FCM_BASE_URL: the emulator in-process, every app's service account
 * registered with it, and the device tokens Beacon knows registered again, so a restart loses nothing.
 */
export class Sandbox {
  private readonly appFcm = new Map<number, AppFcm>();
  readonly repo: SandboxRepository;

  private constructor(
    readonly emulator: FcmEmulator,
    private readonly box: SecretBox,
    database: Database,
    private readonly log: Log,
  ) {
    this.repo = new SandboxRepository(database);
  }

  static async start(database: Database, box: SecretBox, log: Log): Promise<Sandbox> {
    const emulator = await startEmulator({
      host: '127.0.0.1',
      h2cPort: 0,
      http1Port: 0,
      tlsPort: null,
      storeDeliveries: true,
    });
    const sandbox = new Sandbox(emulator, box, database, log);
    await sandbox.loadApps();
    log.info(
      { fcm: emulator.h2cUrl },
      'FCM sandbox: FCM_BASE_URL is not set, sending through the built-in FCM emulator',
    );
    return sandbox;
  }

  get fcmBaseUrl(): string {
    return this.emulator.h2cUrl;
  }

  get tokenEndpoint(): string {
    return this.emulator.tokenUri('http1');
  }

  /** Registers every app's service account and known device tokens with the emulator. */
  private async loadApps(): Promise<void> {
    for (const app of await this.repo.appsWithServiceAccounts()) {
      if (!app.firebaseJsonEnc) continue;
      const fcm = this.registerServiceAccount(app.id, app.pkg, this.box.open(app.firebaseJsonEnc));
      if (!fcm) continue;
      for (const token of await this.repo.deviceTokens(app.id, PRELOAD_TOKENS)) {
        this.emulator.registerDevice({ projectId: fcm.projectId, packageName: app.pkg, token, online: true });
      }
    }
  }

  /** Makes an app's service account usable in the sandbox; returns its project, or undefined for a bad JSON. */
  registerServiceAccount(appId: number, pkg: string, json: string): AppFcm | undefined {
    try {
      const sa = JSON.parse(json) as {
        project_id: string;
        client_email: string;
        private_key: string;
        token_uri: string;
      };
      const publicKey = createPublicKey(sa.private_key).export({ type: 'spki', format: 'pem' }).toString();
      this.emulator.registerServiceAccount(sa.project_id, sa.client_email, publicKey, sa.token_uri);
      const fcm = { projectId: sa.project_id, pkg };
      this.appFcm.set(appId, fcm);
      return fcm;
    } catch (err) {
      this.log.warn({ err, appId }, 'sandbox: the app’s service-account JSON is unusable');
      return undefined;
    }
  }

  /** A device registered through the device API: the sandbox FCM learns its token. */
  knowToken(appId: number, token: string): void {
    const fcm = this.appFcm.get(appId);
    if (fcm && !this.emulator.hasDevice(token))
      this.emulator.registerDevice({ projectId: fcm.projectId, packageName: fcm.pkg, token, online: true });
  }

  async close(): Promise<void> {
    await this.emulator.close();
  }
}
