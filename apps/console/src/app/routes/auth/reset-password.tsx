import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';

export default function ResetPasswordRoute() {
  const [search] = useSearchParams();
  return <ResetPasswordForm token={search.get('token')} />;
}
