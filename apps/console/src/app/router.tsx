import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ErrorPage } from '../components/error-page';
import RootLayout from './layout/root-layout';
import { RequireTab } from './layout/require-tab';

const AuthLayout = lazy(() => import('./layout/auth-layout'));
const AuthenticatedLayout = lazy(() => import('./layout/authenticated-layout'));
const DashboardLayout = lazy(() => import('./layout/dashboard-layout'));
const AppLayout = lazy(() => import('./layout/app-layout'));

const LoginRoute = lazy(() => import('./routes/auth/login'));
const RegisterRoute = lazy(() => import('./routes/auth/register'));
const ActivateRoute = lazy(() => import('./routes/auth/activate'));
const RecoverPasswordRoute = lazy(() => import('./routes/auth/recover-password'));
const ResetPasswordRoute = lazy(() => import('./routes/auth/reset-password'));
const DashboardRoute = lazy(() => import('./routes/dashboard/dashboard'));
const UsersRoute = lazy(() => import('./routes/users/users'));
const PlatformSettingsRoute = lazy(() => import('./routes/admin/platform-settings'));
const StatisticsRoute = lazy(() => import('./routes/admin/statistics'));
const AppSettingsRoute = lazy(() => import('./routes/admin/app-settings'));
const GlobalSettingsRoute = lazy(() => import('./routes/admin/global-settings'));
const AppScreenRoute = lazy(() => import('./routes/app/app-screen'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage status="500" />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      {
        element: <AuthLayout />,
        children: [
          { path: 'login', element: <LoginRoute /> },
          { path: 'register', element: <RegisterRoute /> },
          { path: 'activate', element: <ActivateRoute /> },
          { path: 'recoverpass', element: <RecoverPasswordRoute /> },
          { path: 'resetpass', element: <ResetPasswordRoute /> },
          { path: 'invite', Component: lazy(() => import('./routes/invite')) },
        ],
      },
      {
        element: <AuthenticatedLayout />,
        children: [
          {
            element: <DashboardLayout />,
            children: [
              { path: 'dashboard', element: <DashboardRoute /> },
              {
                path: 'users',
                element: (
                  <RequireTab tab="users">
                    <UsersRoute />
                  </RequireTab>
                ),
              },
              {
                path: 'platformsettings',
                element: (
                  <RequireTab tab="platform">
                    <PlatformSettingsRoute />
                  </RequireTab>
                ),
              },
              {
                path: 'statistics',
                element: (
                  <RequireTab tab="statistics">
                    <StatisticsRoute />
                  </RequireTab>
                ),
              },
              {
                path: 'appsettings',
                element: (
                  <RequireTab tab="appsettings">
                    <AppSettingsRoute />
                  </RequireTab>
                ),
              },
              {
                path: 'globalsettings',
                element: (
                  <RequireTab tab="globalsettings">
                    <GlobalSettingsRoute />
                  </RequireTab>
                ),
              },
            ],
          },
          {
            path: 'app/:appId',
            element: <AppLayout />,
            children: [
              { index: true, element: <Navigate to="message/editpush" replace /> },
              { path: ':section/:screen?', element: <AppScreenRoute /> },
              { path: '*', element: <AppScreenRoute /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
