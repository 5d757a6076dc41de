/** The devices module's public entry: its wiring (the device API, /sdk/v1), and what other modules read. */
export { devicesModule } from './devices.module';
export { registerSdkRoutes, type SdkMetrics, type SdkUsers } from './sdk.routes';
export { DevicesRepository } from './devices.repository';
export {
  DevicesService,
  mayBeRowError,
  mergeEvents,
  type DeviceStatistics,
  type EventRow,
  type RecordedEvents,
} from './devices.service';
export { SdkAuth, type SdkApp } from './sdk-auth';
export { MissedPushes, type MissedPushesOptions } from './recovery';
export { RecoveryRepository, type MissedSend, type RecoveryRequest } from './recovery.repository';
export { startEventsLog, type RunningEventsLog } from './events-log.start';
export { EventsLog, connectEventsLog, EVENTS_STREAM } from './events-log';
export { EventsLogConsumer, EVENTS_CONSUMER, EVENTS_WINDOW_MS } from './events-log.consumer';
export { PgEventsLog, PgEventsLogConsumer } from './events-log.pg';
export { EventsLogRepository } from './events-log.repository';
