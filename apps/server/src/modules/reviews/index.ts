/** The reviews module's public entry: message review (list, run, reject; docs/review.md). */
export { reviewsModule } from './reviews.module';
/** The service, its repository and its port, and their records (the fast tier and its contract test, src/test/memory). */
export {
  ReviewsService,
  type JourneyReviewPort,
  type Reviewer,
  type ReviewsRepositoryPort,
} from './reviews.service';
export {
  ReviewsRepository,
  type ReviewChange,
  type ReviewFilter,
  type ReviewRecord,
} from './reviews.repository';
