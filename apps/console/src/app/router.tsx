import { type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { type DashboardTab } from '@beacon/shared';
import { ErrorPage } from '../components/error-page';
import { PageSpin } from '../components/page-spin';
import { loadFeatureStrings } from '../i18n';
import './feature-translations';

type RouteModule = () => Promise<{ default: ComponentType }>;

/**
 * A lazy route: its module is a chunk of its own. The router loads the modules of every matched route at once (a
 * layout and its screen in parallel, not one after the other) and renders when they are all there; meanwhile the
 * page stays as it was (the root's fallback on the first load). /app/:appId screens are React.lazy (screens.ts).
 */
const route =
  (module: RouteModule): RouteObject['lazy'] =>
  async () => ({ Component: (await module()).default });

/**
 * A route whose screens use the features' strings (every signed-in screen, /invite): they load with its module. The
 * sign-in pages and the error pages use the core strings only (i18n/*.json).
 */
const withFeatureStrings =
  (module: RouteModule): RouteModule =>
  async () =>
    (await Promise.all([module(), loadFeatureStrings()]))[0];

/** An admin screen for the levels that see its dashboard tab (others get a 403 page). */
const tabRoute =
  (tab: DashboardTab, module: RouteModule): RouteObject['lazy'] =>
  async () => {
    const [{ RequireTab }, { default: Screen }] = await Promise.all([
      import('./layout/require-tab'),
      module(),
    ]);
    return {
      element: (
        <RequireTab tab={tab}>
          <Screen />
        </RequireTab>
      ),
    };
  };

export const routes: RouteObject[] = [
  {
    lazy: route(() => import('./layout/root-layout')),
    errorElement: <ErrorPage status="500" />,
    hydrateFallbackElement: <PageSpin fullPage />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      {
        lazy: route(() => import('./layout/auth-layout')),
        children: [
          { path: 'login', lazy: route(() => import('./routes/auth/login')) },
          { path: 'register', lazy: route(() => import('./routes/auth/register')) },
          { path: 'activate', lazy: route(() => import('./routes/auth/activate')) },
          { path: 'recoverpass', lazy: route(() => import('./routes/auth/recover-password')) },
          { path: 'resetpass', lazy: route(() => import('./routes/auth/reset-password')) },
          { path: 'invite', lazy: route(withFeatureStrings(() => import('./routes/invite'))) },
        ],
      },
      {
        lazy: route(withFeatureStrings(() => import('./layout/authenticated-layout'))),
        children: [
          {
            lazy: route(() => import('./layout/dashboard-layout')),
            children: [
              { path: 'dashboard', lazy: route(() => import('./routes/dashboard/dashboard')) },
              { path: 'users', lazy: tabRoute('users', () => import('./routes/users/users')) },
              {
                path: 'platformsettings',
                lazy: tabRoute('platform', () => import('./routes/admin/platform-settings')),
              },
              { path: 'statistics', lazy: tabRoute('statistics', () => import('./routes/admin/statistics')) },
              {
                path: 'appsettings',
                lazy: tabRoute('appsettings', () => import('./routes/admin/app-settings')),
              },
              {
                path: 'globalsettings',
                lazy: tabRoute('globalsettings', () => import('./routes/admin/global-settings')),
              },
            ],
          },
          {
            path: 'app/:appId',
            lazy: route(() => import('./layout/app-layout')),
            children: [
              { index: true, element: <Navigate to="message/editpush" replace /> },
              { path: ':section/:screen?', lazy: route(() => import('./routes/app/app-screen')) },
              { path: '*', lazy: route(() => import('./routes/app/app-screen')) },
            ],
          },
        ],
      },
      { path: '*', lazy: route(() => import('./routes/not-found')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
