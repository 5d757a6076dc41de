/** The reviews module's public entry: message review (list, run, reject; docs/review.md). */
export { reviewsModule } from './reviews.module';
/** The service, its repository's port and records (the fast tests, src/test/memory). */
export { ReviewsService, type Reviewer, type ReviewsRepositoryPort } from './reviews.service';
export type { ReviewChange, ReviewFilter, ReviewRecord } from './reviews.repository';
