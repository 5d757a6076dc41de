export { journeysModule } from './journeys.module';
/** The service, its repository's port and its records (the fast tests, src/test/memory). */
export { JourneysService, type JourneyJobs, type JourneysRepositoryPort } from './journeys.service';
export type { JourneyDefinition, JourneyStepRecord } from './journeys.repository';
