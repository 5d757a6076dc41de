export { journeysModule } from './journeys.module';
/** The service, its repository and its port, and their records (the fast tier and its contract test, src/test/memory). */
export { JourneysService, type JourneyJobs, type JourneysRepositoryPort } from './journeys.service';
export { JourneysRepository, type JourneyDefinition, type JourneyStepRecord } from './journeys.repository';
