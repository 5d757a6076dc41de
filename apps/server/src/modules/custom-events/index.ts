/** The custom events module's public entry: its wiring, and what troubleshooting reads. */
export { customEventsModule } from './custom-events.module';
export { CustomEventsRepository, type StoredCustomEvent } from './custom-events.repository';
export { CustomEventsIngest, type CustomEventsObserver } from './custom-events.service';
