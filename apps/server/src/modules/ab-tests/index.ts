export { abTestsModule } from './ab-tests.module';
/** The service, its repository and its port, and their records (the fast tier and its contract test, src/test/memory). */
export { AbTestsService, abSlices, type AbTestsRepositoryPort } from './ab-tests.service';
export {
  AbTestsRepository,
  type AbChildRecord,
  type AbDecision,
  type AbParentRecord,
} from './ab-tests.repository';
export { decideWinner, decidesAt, AbWinnerRunner } from './ab-winner';
