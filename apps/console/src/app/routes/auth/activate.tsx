import { useSearchParams } from 'react-router';
import { ActivateStatus } from '../../../features/auth/components/activate-status';

export default function ActivateRoute() {
  const [search] = useSearchParams();
  return <ActivateStatus token={search.get('token')} />;
}
