import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../../test-utils';
import { DashboardTabs } from './dashboard-tabs';

afterEach(cleanup);

function tabLabels(): string[] {
  return within(screen.getByTestId('dashboard-tabs'))
    .getAllByRole('tab')
    .map((tab) => tab.textContent ?? '');
}

describe('DashboardTabs', () => {
  it('shows Apps and Apps Group to a plain user', () => {
    renderAt('/dashboard', <DashboardTabs ulevel={0} />);
    expect(tabLabels()).toEqual(['Apps', 'Apps Group']);
  });

  it('adds Platform Admin for a platform admin (150)', () => {
    renderAt('/dashboard', <DashboardTabs ulevel={150} />);
    expect(tabLabels()).toEqual(['Apps', 'Apps Group', 'Platform Admin']);
  });

  it('shows every tab to a super admin (100), marking the one of the current route', () => {
    renderAt('/users', <DashboardTabs ulevel={100} />);
    expect(tabLabels()).toEqual([
      'Apps',
      'Apps Group',
      'Platform Admin',
      'Users',
      'Dashboard',
      'App Settings',
      'Global Settings',
    ]);
    const selected = screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');
    expect(selected?.textContent).toBe('Users');
  });

  it('navigates to the route of a tab', () => {
    renderAt('/dashboard', <DashboardTabs ulevel={100} />);
    fireEvent.click(screen.getByRole('tab', { name: /Global Settings/ }));
    expect(screen.getByTestId('location').textContent).toBe('/globalsettings');
    fireEvent.click(screen.getByRole('tab', { name: /Apps Group/ }));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard?tab=groups');
  });
});
