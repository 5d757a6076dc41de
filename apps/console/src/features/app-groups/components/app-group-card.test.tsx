import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AppGroup } from '@beacon/shared';
import { renderAt } from '../../../test-utils';
import { AppGroupCard } from './app-group-card';

afterEach(cleanup);

const group: AppGroup = {
  groupId: 3,
  groupName: 'Retail',
  groupDesc: '',
  apps: [1, 2],
  appList: [
    { appId: 1, title: 'Shop', logo: '', pkg: 'com.shop', projectLevel: 200 },
    { appId: 2, title: 'News', logo: '', pkg: 'com.news', projectLevel: null },
  ],
  editable: true,
  creatorEmail: 'olivia@example.com',
  updateTime: '2025-01-01T00:00:00.000Z',
};

describe('AppGroupCard', () => {
  it('shows the apps, and edits when the user may change the group', () => {
    const onEdit = vi.fn();
    renderAt(
      '/',
      <AppGroupCard
        group={group}
        viewerEmail="olivia@example.com"
        deleting={false}
        onEdit={onEdit}
        onDelete={() => undefined}
      />,
    );
    expect(screen.getByText('2 apps')).toBeTruthy();
    expect(screen.getByText('Shop')).toBeTruthy();
    expect(screen.getByText('Not yours')).toBeTruthy();
    expect(screen.getByText('No description')).toBeTruthy();
    expect(screen.queryByText(/Created by/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Retail' }));
    expect(onEdit).toHaveBeenCalledWith(group);
  });

  it('disables edit and delete on a locked group and names its creator for someone else', () => {
    renderAt(
      '/',
      <AppGroupCard
        group={{ ...group, editable: false }}
        viewerEmail="root@example.com"
        deleting={false}
        onEdit={() => undefined}
        onDelete={() => undefined}
      />,
    );
    expect(screen.getByRole('button', { name: 'Edit Retail' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Delete Retail' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Created by olivia@example.com')).toBeTruthy();
  });
});
