import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../i18n';
import { createQueryClient } from '../lib/query-client';
import { AppProvider } from './provider';
import { routes } from './router';

const fetchMock = vi.fn<typeof fetch>();
const urlOf = (input: unknown) => (typeof input === 'string' ? input : (input as Request).url);
const slow = { timeout: 8000 };
const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function serve(ulevel: number) {
  fetchMock.mockImplementation(async (input) => {
    const path = urlOf(input);
    if (path.startsWith('/tcm/v1/system/info'))
      return reply({
        status: 200,
        msg: '',
        data: { version: '1', sandbox: true, ssoEnabled: false, registrationEnabled: true },
      });
    if (path.startsWith('/tcm/v1/user/login/status'))
      return reply({
        status: 200,
        msg: '',
        data: { email: 'ada@example.com', ulevel, source: 2, description: '' },
      });
    if (path.startsWith('/tcm/v1/user/list'))
      return reply({
        status: 200,
        msg: '',
        data: {
          total: 1,
          results: [
            {
              id: 1,
              email: 'bob@example.com',
              ulevel: 150,
              source: 1,
              description: 'ops',
              activated: true,
              ownApps: 2,
              createTime: '2025-01-02T03:04:05Z',
            },
          ],
        },
      });
    if (path.startsWith('/tcm/v1/app/list'))
      return reply({ status: 200, msg: '', data: { results: [], total: 0 } });
    if (path.startsWith('/tcm/v1/app/5/info'))
      return reply({
        status: 200,
        msg: '',
        data: {
          appId: 5,
          title: 'Shop',
          pkg: 'com.example.shop',
          logo: '',
          ownerEmail: 'ada@example.com',
          projectLevel: 200,
          reviewEnable: false,
          materialReviewEnable: false,
          advanceTarget: false,
          multiLangEnable: false,
          localTimeEnable: false,
          displayPriorityEnable: false,
          linksEnable: true,
          limitEnable: false,
          limitCount: 0,
          uploadFileLimit: 30,
          destroy: 0,
          serverUTC: '+0000',
          hasServiceAccount: true,
          commercialEnable: false,
        },
      });
    return reply({ status: 404, msg: 'Not found' }, 404);
  });
}

function renderRoute(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  return render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('routes', () => {
  it('shows the not-found page for unknown paths without asking for a session', async () => {
    serve(0);
    renderRoute('/no/such/page');
    expect(await screen.findByText('Page not found', undefined, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go home' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses /users to a user without level 100', async () => {
    serve(150);
    renderRoute('/users');
    expect(await screen.findByText('Access denied', undefined, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to dashboard' })).toBeTruthy();
  });

  it('lists users for a super admin inside the shell', async () => {
    serve(100);
    renderRoute('/users?email=bob');
    const table = await screen.findByTestId('users-table', undefined, slow);
    expect(await within(table).findByText('bob@example.com', undefined, slow)).toBeTruthy();
    expect(within(table).getByText('Platform admin')).toBeTruthy();
    expect(screen.getByTestId('user-menu').textContent).toContain('ada');
    expect(screen.getByTestId('sandbox-tag').textContent).toContain('Sandbox');
    const listCall = fetchMock.mock.calls.find(([input]) => urlOf(input) === '/tcm/v1/user/list');
    expect(JSON.parse(listCall![1]!.body as string)).toEqual({ email: 'bob', pageNo: 1, pageSize: 20 });
  });

  it('renders an app screen in the app shell (every screen of the menu is implemented: none shows the placeholder)', async () => {
    serve(0);
    renderRoute('/app/5/data/canvas');
    // the screen's lazy chunks (route, antd table) take longer than the shell under a loaded test run
    expect(
      await screen.findByRole('tab', { name: 'Journeys', selected: true }, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(screen.queryByTestId('coming-soon')).toBeNull();
    const sidebar = screen.getByTestId('app-sidebar');
    // each open menu label carries its whole name, for the ones that end in "…" at 200 px
    const group = within(sidebar).getByText('App Settings');
    expect(group.getAttribute('title')).toBe('App Settings');
    // in antd's ellipsis span, as a plain-text title would be (an element title is not wrapped: it ran over the arrow)
    expect(group.closest('.ant-menu-title-content')).not.toBeNull();
  }, 30_000);
});
