import { useParams } from 'react-router';
import { ReviewsScreen } from '../../../../features/reviews';

/** /app/:appId/data/review[?msgId=&msgType=]: the messages waiting for review or rejected by it. */
export default function DataReviewRoute() {
  const appId = Number(useParams().appId);
  return <ReviewsScreen appId={appId} />;
}
