import { useParams } from 'react-router';
import { MessageType } from '@beacon/shared';
import { MessagesScreen } from '../../../../features/messages/components/messages-screen';

/** /app/:appId/data/cross: the transparent (cross) and pull-up message records. */
export default function DataCrossRoute() {
  const appId = Number(useParams().appId);
  return <MessagesScreen appId={appId} msgType={MessageType.PASS_THROUGH} />;
}
