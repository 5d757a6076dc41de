import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../../../features/auth/components/login-form';
import { SessionCheck, SsoCodeLogin, SsoLinkRedirect } from '../../../features/auth/components/sso-callback';
import { loginActionFor, postLoginTarget } from '../../../features/auth/lib/sso-return';
import { safeStorage } from '../../../lib/storage';

/**
 * /login: `ssoLink` → remember where we came from and follow the link; `code` → finish SSO;
 * neither → check the session and continue when signed in, else show the sign-in form.
 */
export default function LoginRoute() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const action = loginActionFor(search);
  const finish = useCallback(() => {
    void navigate(postLoginTarget(search, safeStorage, Date.now()), { replace: true });
  }, [navigate, search]);

  switch (action.kind) {
    case 'ssoLink':
      return <SsoLinkRedirect link={action.link} />;
    case 'code':
      return <SsoCodeLogin code={action.code} state={action.state} onSignedIn={finish} />;
    case 'status':
      return (
        <SessionCheck onSignedIn={finish}>
          <LoginForm />
        </SessionCheck>
      );
  }
}
