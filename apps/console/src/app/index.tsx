import { RouterProvider } from 'react-router';
import { currentLanguage } from '../i18n';
import { configureApiClient } from '../lib/api-client-config';
import { isPublicPath } from '../lib/navigation';
import { createQueryClient } from '../lib/query-client';
import { AppProvider } from './provider';
import { createRouter } from './router';

const queryClient = createQueryClient();
const router = createRouter();

configureApiClient({
  language: currentLanguage,
  // Not signed in: remember where the user was, go to sign-in, then drop everything cached for the old session.
  onUnauthorized: () => {
    const { pathname, search, hash } = router.state.location;
    if (isPublicPath(pathname)) return;
    const redirect = encodeURIComponent(pathname + search + hash);
    void router.navigate(`/login?redirect=${redirect}`, { replace: true }).then(() => queryClient.clear());
  },
});

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
