/** The reviews module's public entry: message review (list, run, reject; docs/review.md). */
export { registerReviewsModule } from './reviews.routes';
