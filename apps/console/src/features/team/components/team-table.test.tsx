import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type TeamMember } from '@beacon/shared';
import { formatDateTime } from '../../../lib/date-format';
import { renderAt } from '../../../test-utils';
import { TeamTable } from './team-table';

const at = '2026-01-02T03:04:05.000Z';
const rows: TeamMember[] = [
  { id: 1, email: 'owner@example.com', ulevel: 200, status: 0, uid: 1, updateTime: at, inviteTime: at },
  { id: 2, email: 'manager@example.com', ulevel: 300, status: 0, uid: 2, updateTime: at, inviteTime: at },
  { id: 3, email: 'pending@example.com', ulevel: 500, status: 1, uid: null, updateTime: at, inviteTime: at },
];
const noop = vi.fn();

function renderFor(level: number) {
  renderAt(
    '/app/1/config/operate',
    <TeamTable
      rows={rows}
      total={3}
      page={1}
      loading={false}
      level={level}
      selfEmail="owner@example.com"
      onPageChange={noop}
      onEdit={noop}
      onDelete={noop}
      onReinvite={noop}
      onCancelInvite={noop}
      onChangeOwner={noop}
    />,
  );
  const row = (email: string) => within(screen.getByText(email).closest('tr')!);
  return {
    row,
    buttons: (email: string) =>
      row(email)
        .queryAllByRole('button')
        .map((b) => b.textContent?.trim()),
  };
}

afterEach(cleanup);

describe('TeamTable actions by project level (part 1 §6)', () => {
  it.each([100, 200])(
    'level %i: change owner on the owner row, edit and delete members, re-invite and cancel invitations',
    (level) => {
      const { buttons } = renderFor(level);
      expect(buttons('owner@example.com')).toEqual(['Change owner']);
      expect(buttons('manager@example.com')).toEqual(['Edit', 'Delete']);
      expect(buttons('pending@example.com')).toEqual(['Re-invite', 'Cancel invitation']);
    },
  );

  it('writes the times in the console’s date style', () => {
    const { row } = renderFor(200);
    const text = row('manager@example.com')
      .getAllByRole('cell')
      .map((c) => c.textContent ?? '');
    expect(text).toContain(formatDateTime(at));
    expect(text.join(' ')).not.toMatch(/2026-01-02/);
  });

  it('level 300: only delete, never on the owner row', () => {
    const { buttons } = renderFor(300);
    expect(buttons('owner@example.com')).toEqual([]);
    expect(buttons('manager@example.com')).toEqual(['Delete']);
    expect(buttons('pending@example.com')).toEqual([]);
  });

  it.each([400, 500])('level %i: no operations column at all', (level) => {
    renderFor(level);
    expect(screen.queryByText('Actions')).toBeNull();
    expect(screen.queryAllByRole('button', { name: /Delete|Edit|Change owner|Re-invite/ })).toHaveLength(0);
  });

  it('shows roles, statuses and marks the signed-in user', () => {
    const { row } = renderFor(500);
    expect(row('owner@example.com').getByText('Owner')).toBeTruthy();
    expect(row('owner@example.com').getByText('You')).toBeTruthy();
    expect(row('pending@example.com').getByText('Invited')).toBeTruthy();
    expect(row('pending@example.com').getByText('Tester')).toBeTruthy();
    expect(row('manager@example.com').getByText('Active')).toBeTruthy();
  });
});
