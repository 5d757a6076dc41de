/** The reviews module's public entry: message review (list, run, reject; docs/review.md). */
export { reviewsModule } from './reviews.module';
