import type { FastifyInstance } from 'fastify';
import type { EventsLogStatus } from '@beacon/shared';
import type { Config } from '../../config';
import type { TemplateValues } from '../../delivery/engine';
import type { SecretBox } from '../../lib/secret-box';
import type { BatcherName, Metrics } from '../../platform/metrics';
import type { AppsRepository } from '../apps';
import { DevicesRepository } from './devices.repository';
import { DEVICE_TOUCH_MS, DevicesService, type DeviceStatistics } from './devices.service';
import { startPgEventsLog } from './events-log.pg';
import { EventsLogRepository } from './events-log.repository';
import { startEventsLog } from './events-log.start';
import { MissedPushes } from './recovery';
import { RecoveryRepository } from './recovery.repository';
import { SdkAuth } from './sdk-auth';
import { registerSdkRoutes, type SdkUsers } from './sdk.routes';

/**
 * Devices (a core module: other modules read its repository and service): the device API's service, its events
 * appended to JetStream when NATS_URL is set, or to a log table with EVENTS_LOG=postgres (and applied by this
 * process's consumer when it runs the workers), and
 * the /sdk/v1 routes authenticated with the app's key and secret. `close` drains what the service holds, then the log.
 */
export async function devicesModule(ctx: {
  app: FastifyInstance;
  config: Pick<Config, 'nats' | 'eventsLog' | 'publicUrl'>;
  database: ConstructorParameters<typeof DevicesRepository>[0];
  /** the statistics writer: the events' counting */
  statistics: DeviceStatistics;
  /** the device's users and their attributes (modules/user-attributes): two more group commits */
  users: SdkUsers;
  runWorkers: boolean;
  apps: AppsRepository;
  box: SecretBox;
  metrics?: Metrics | undefined;
  /** the users' values templates read (platform/template-values): recovered pushes are rendered as they were sent */
  templateValues?: TemplateValues | undefined;
  /** the sandbox's token knowledge: a device registered with it */
  onRegistered?: ((appId: number, token: string) => void) | undefined;
}) {
  const { app, config, statistics, metrics, onRegistered } = ctx;
  const repo = new DevicesRepository(ctx.database);
  // NATS_URL: the device events go to JetStream, and the workers apply them (events-log*.ts)
  // (the consumer also moves the devices' last-active time: the API process writes nothing for an events call)
  const natsLog = config.nats
    ? await startEventsLog(config.nats, statistics, ctx.runWorkers, app.log, (devices) =>
        repo.touch(devices, DEVICE_TOUCH_MS / 1000, undefined, statistics.activitySql),
      )
    : undefined;
  // EVENTS_LOG=postgres (without NATS_URL): the same, through a log table the workers apply (events-log.pg.ts)
  const logTable = new EventsLogRepository(ctx.database);
  const pgLog =
    config.eventsLog === 'postgres'
      ? startPgEventsLog(logTable, statistics, ctx.runWorkers, {
          touch: (devices) => repo.touch(devices, DEVICE_TOUCH_MS / 1000, undefined, statistics.activitySql),
          onError: (err) =>
            app.log.warn({ err }, 'applying the device events log failed; its rows are taken again'),
          onDropped: (call, err) =>
            app.log.error(
              { err, appId: call.appId, gaid: call.body.gaid },
              'a device events call the database refused was dropped',
            ),
          onUnreadable: (err) =>
            app.log.error({ err }, 'a row of the device events log that is not JSON calls was deleted'),
        })
      : undefined;
  const eventsLog = natsLog?.log ?? pgLog?.log;
  // missed-push recovery's lookups and contents, for the heartbeats of apps that turn it on (recovery.ts)
  const missedPushes = new MissedPushes(new RecoveryRepository(ctx.database, ctx.templateValues), {
    publicUrl: config.publicUrl,
  });
  const devices = new DevicesService(repo, statistics, {
    missedPushes,
    ...(eventsLog ? { eventsLog } : {}),
    ...(onRegistered ? { onRegistered } : {}),
    ...(metrics ? { flushObserver: (batcher: BatcherName) => metrics.flushObserver(batcher) } : {}),
  });
  /** The events' log as the platform's System status shows it: its mode, what waits to be applied, its replicas. */
  const eventsLogStatus = async (): Promise<EventsLogStatus> => {
    if (natsLog) return { mode: 'nats', ...(await natsLog.status()) };
    if (!pgLog) return { mode: 'direct', waiting: null, oldestSeconds: null, replicas: [], error: null };
    try {
      const b = await logTable.backlog();
      return { mode: 'postgres', waiting: b.rows, oldestSeconds: b.oldest, replicas: [], error: null };
    } catch (err) {
      const error = `the log table could not be read: ${err instanceof Error ? err.message : String(err)}`;
      return { mode: 'postgres', waiting: null, oldestSeconds: null, replicas: [], error };
    }
  };
  return {
    devices,
    repo,
    eventsLogStatus,
    routes: () =>
      registerSdkRoutes(app, {
        devices,
        users: ctx.users,
        auth: new SdkAuth(ctx.apps, ctx.box),
        metrics,
      }),
    close: async () => {
      await Promise.all([devices.drain(), ctx.users.drain()]);
      await natsLog?.close();
      await pgLog?.close();
    },
  };
}
