import type { FcmEmulator } from '@beacon/fcm-emulator';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/client';

/** What these helpers need of a test app (TestApp, or a bare Fastify app): its `inject`. */
type Injecting = { app: Pick<FastifyInstance, 'inject'> };

/** The advertising id of test device `i`: a valid GAID, unique per index. */
export const gaid = (i: number): string => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

/** The device API's HTTP Basic authorization of an app (its key and secret). */
export const sdkAuthOf = (app: { appKey: string }, appSecret: string): string =>
  `Basic ${Buffer.from(`${app.appKey}:${appSecret}`).toString('base64')}`;

/**
 * The body of POST /sdk/v1/register for test device `i` (token `tok-i`, advertising id gaid(i)): a TECNO SPARK 10
 * on Android 13 in Lagos, English, app 3.1.0 (310), notifications on, unless `over` says otherwise.
 */
export function sdkDevice(i: number, over: Record<string, unknown> = {}) {
  return {
    token: `tok-${i}`,
    gaid: gaid(i),
    country: 'NG',
    language: 'en',
    brand: 'TECNO',
    model: 'SPARK 10',
    osVersion: 33,
    appVersion: '3.1.0',
    appVersionCode: 310,
    timezone: 'Africa/Lagos',
    notificationsEnabled: true,
    ...over,
  };
}

/** Registers `device` (an sdkDevice) through the real device API; expects it accepted and returns its device id. */
export async function registerSdkDevice(t: Injecting, sdkAuth: string, device: object): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/sdk/v1/register',
    headers: { authorization: sdkAuth },
    payload: device,
  });
  expect(res.json<{ status: number }>().status, res.body).toBe(200);
  return res.json<{ data: { deviceId: string } }>().data.deviceId;
}

/** Reports `events` of test device `i` (its advertising id gaid(i)) through the device API. */
export function reportSdkEvents(
  t: Injecting,
  sdkAuth: string,
  i: number,
  events: ReadonlyArray<{ type: string; msgId: number; ts: number }>,
) {
  return t.app.inject({
    method: 'POST',
    url: '/sdk/v1/events',
    headers: { authorization: sdkAuth },
    payload: { gaid: gaid(i), events },
  });
}

/** Reports the app's own `events` of test device `i` (its advertising id gaid(i)) through POST /sdk/v1/track. */
export function trackSdkEvents(t: Injecting, sdkAuth: string, i: number, events: readonly unknown[]) {
  return t.app.inject({
    method: 'POST',
    url: '/sdk/v1/track',
    headers: { authorization: sdkAuth },
    payload: { gaid: gaid(i), events },
  });
}

/**
 * Registers test device `i` (sdkDevice, `over`) with a new token of the emulator for the app's project and package
 * (as appOnEmulator returns them); returns the token.
 */
export async function registerOnEmulator(
  t: Injecting,
  emu: Pick<FcmEmulator, 'registerDevice'>,
  app: { sdkAuth: string; projectId: string; pkg: string },
  i: number,
  over: Record<string, unknown> = {},
): Promise<string> {
  const token = emu.registerDevice({ projectId: app.projectId, packageName: app.pkg });
  await registerSdkDevice(t, app.sdkAuth, sdkDevice(i, { token, ...over }));
  return token;
}

/** Inserts `count` devices of the app with the ids gaid(from)… straight into the table (no tokens: estimates, saves). */
export async function seedDevices(
  t: { database: Pick<Database, 'query'> },
  appId: number,
  from: number,
  count: number,
): Promise<void> {
  await t.database.query(
    `INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code, timezone, utc_offset_min, notifications_enabled)
     SELECT $1, ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'NG', 'en', 'TECNO', 'SPARK 10', 33, '3.1.0', 310, 'Africa/Lagos', 60, true
     FROM generate_series($2::int, $3::int) g`,
    [appId, from, from + count - 1],
  );
}

/** Where a seeded device is: its country and the zone it lives in. */
export interface SeededPlace {
  country: string;
  timezone: string;
  utcOffsetMin: number;
}

/**
 * Inserts one device per entry of `places` straight into the table, device i (1-based) with the advertising id
 * `{prefix}-0000-4000-8000-{i}` and the FCM token `tokens[i - 1]` (tokens the emulator registered).
 */
export async function seedDevicesAt(
  t: { database: Pick<Database, 'query'> },
  appId: number,
  places: readonly SeededPlace[],
  tokens: readonly string[],
  prefix = '20000000',
): Promise<void> {
  await t.database.query(
    `WITH d AS (
       INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code, timezone, utc_offset_min, notifications_enabled)
       SELECT $1, ($5 || '-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, c, 'en', 'TECNO', 'SPARK 10', 33, '3.1.0', 310, z, o, true
       FROM unnest($2::text[], $3::text[], $4::int[]) WITH ORDINALITY AS x(c, z, o, g) RETURNING id, gaid
     ) INSERT INTO device_tokens (device_id, token) SELECT d.id, ($6::text[])[right(d.gaid::text, 12)::int] FROM d`,
    [
      appId,
      places.map((p) => p.country),
      places.map((p) => p.timezone),
      places.map((p) => p.utcOffsetMin),
      prefix,
      tokens,
    ],
  );
}
