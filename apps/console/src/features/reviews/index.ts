// What other code uses of this one; features import it from here only (eslint.config.js, docs/architecture.md).
export { ReviewsScreen } from './components/reviews-screen';
// the review calls and rules the journey canvas's review modes (4, 6) share with the review tab
export { useApproveReview } from './api/approve-review';
export { useRejectReview } from './api/reject-review';
export { checkReason, REASON_MAX } from './lib/reject-reason';
export { scheduleOf } from './lib/review-item';
export { scheduleLabel } from './components/schedule-label';
