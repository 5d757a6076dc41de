import { RegisterForm } from '../../../features/auth/components/register-form';

export default function RegisterRoute() {
  return <RegisterForm />;
}
