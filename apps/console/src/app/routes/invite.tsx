import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type InviteAccepted } from '@beacon/shared';
import { InviteAccept } from '../../features/team/components/invite-accept';
import { appPath } from '../../lib/paths';

/** /invite?token=: accept a team invitation (sign in or create the invited account first). */
export default function InviteRoute() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const handleJoined = useCallback(
    (joined: InviteAccepted) => void navigate(appPath(joined.appId, 'message/editpush'), { replace: true }),
    [navigate],
  );
  return <InviteAccept token={search.get('token') ?? ''} onJoined={handleJoined} />;
}
