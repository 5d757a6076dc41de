import { useParams } from 'react-router';
import { MessagesScreen } from '../../../../features/messages/components/messages-screen';

/** /app/:appId/data/push: the notification records. */
export default function DataPushRoute() {
  const appId = Number(useParams().appId);
  return <MessagesScreen appId={appId} />;
}
