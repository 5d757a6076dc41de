// Test helpers around the in-process FCM emulator (no production code imports this).
import { startEmulator, type EmulatorOptions, type FcmEmulator } from '@beacon/fcm-emulator';
import { FcmClient, type FcmClientOptions } from './fcm-client';
import { type FcmApp, type FcmLogger, type FcmMessage } from './fcm-types';

export const PACKAGE = 'com.example.app';

/** An emulator plus helpers to make apps, devices and clients that are closed together. */
export interface EmulatorFixture {
  emu: FcmEmulator;
  app(projectId: string, transport?: 'http1' | 'tls' | 'h2c'): FcmApp;
  device(projectId: string): string;
  client(opts?: Partial<FcmClientOptions>): FcmClient;
  close(): Promise<void>;
}

/** Starts an emulator on ephemeral ports. */
export async function startFixture(opts: EmulatorOptions = {}): Promise<EmulatorFixture> {
  const emu = await startEmulator({ h2cPort: 0, tlsPort: 0, http1Port: 0, ...opts });
  const clients: FcmClient[] = [];
  return {
    emu,
    app: (projectId, transport = 'http1') => ({
      appId: `app-${projectId}-${transport}`,
      serviceAccount: emu.createServiceAccount(projectId, { tokenUri: emu.tokenUri(transport) }),
    }),
    device: (projectId) => emu.registerDevice({ projectId, packageName: PACKAGE }),
    client: (o = {}) => {
      // these tests fetch tokens over every transport: the emulator's three origins are allowed token endpoints
      const tokenEndpoints = {
        urls: [],
        origins: [emu.h2cUrl, emu.http1Url, emu.tlsUrl].filter(Boolean).map((u) => new URL(u).origin),
      };
      const c = new FcmClient({ baseUrl: emu.h2cUrl, tokenEndpoints, ...o });
      clients.push(c);
      return c;
    },
    close: async () => {
      await Promise.all(clients.map((c) => c.close()));
      await emu.close();
    },
  };
}

/** A data message like the dispatcher's (DESIGN.md §5). */
export function dataMessage(token: string, extra: Record<string, unknown> = {}): FcmMessage {
  return {
    token,
    data: { tcm_msg_id: 'm1', tcm_msg_type: '1', noti_title: 'Hello', noti_desc: 'World' },
    android: { priority: 'HIGH', ttl: '3600s', collapse_key: 'm1', restricted_package_name: PACKAGE },
    ...extra,
  };
}

/** A logger that records messages. */
export function recordingLogger(): FcmLogger & {
  lines: Array<{ level: string; msg: string | undefined; o: object }>;
} {
  const lines: Array<{ level: string; msg: string | undefined; o: object }> = [];
  return {
    lines,
    info: (o, msg) => lines.push({ level: 'info', msg, o }),
    warn: (o, msg) => lines.push({ level: 'warn', msg, o }),
    error: (o, msg) => lines.push({ level: 'error', msg, o }),
  };
}
