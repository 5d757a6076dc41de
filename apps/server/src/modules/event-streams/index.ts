/** Event streams' public entry (docs/event-streams.md): its wiring, and the SQL the counting statements add. */
export { eventStreamsModule } from './event-streams.module';
export { deviceEventsInsert, sendEventsCte, uninstallEventsCte } from './stream-events.sql';
