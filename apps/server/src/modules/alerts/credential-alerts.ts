import type { Database } from '../../db/client';
import { excerpt } from '../../lib/excerpt';
import { raiseAlert } from './alerts.repository';

/**
 * The delivery engine's sink for failing FCM credentials (AuthFailureSink, wired in app.ts): an `fcm_credentials`
 * alert of the app, written at most once a minute per app, since a failing batch reports every device.
 */
export function fcmCredentialsAlerts(
  database: Pick<Database, 'query'>,
): (appId: number, message: string) => void {
  const alerted = new Map<number, number>();
  return (appId, message) => {
    if ((alerted.get(appId) ?? 0) > Date.now() - 60_000) return;
    alerted.set(appId, Date.now());
    void raiseAlert(database, {
      appId,
      kind: 'fcm_credentials',
      // one bounded printable line: the reason may quote a token endpoint's or FCM's answer
      params: { reason: excerpt(message, 200) },
    }).catch(() => undefined);
  };
}
