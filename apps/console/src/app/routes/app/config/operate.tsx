import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PageSpin } from '../../../../components/page-spin';
import { useAppInfo } from '../../../../features/apps/api/get-app-info';
import { useLoginStatus } from '../../../../features/auth/api/get-login-status';
import { TeamPanel } from '../../../../features/team/components/team-panel';

/** /app/:appId/config/operate: the team; after a change of owner the console goes back to the dashboard. */
export default function OperateRoute() {
  const appId = Number(useParams().appId);
  const info = useAppInfo(appId);
  const session = useLoginStatus();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!info.data || !session.data) return <PageSpin />;
  const handleOwnerChanged = () => {
    void queryClient.invalidateQueries();
    void navigate('/dashboard');
  };
  return (
    <TeamPanel
      appId={appId}
      level={info.data.projectLevel}
      selfEmail={session.data.email}
      onOwnerChanged={handleOwnerChanged}
    />
  );
}
