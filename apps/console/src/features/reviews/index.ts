// What other code uses of this one; features import it from here only (eslint.config.js, docs/architecture.md).
export { ReviewsScreen } from './components/reviews-screen';
