export { abTestsModule } from './ab-tests.module';
/** The service, its repository's port and records (the fast tests, src/test/memory). */
export { AbTestsService, abSlices, type AbTestsRepositoryPort } from './ab-tests.service';
export type { AbChildRecord, AbParentRecord } from './ab-tests.repository';
