import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test-utils';
import { UserDialog } from './user-dialog';

const fetchMock = vi.fn<typeof fetch>();
const field = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockResolvedValue(new Response(JSON.stringify({ status: 200, msg: '', data: { id: 7 } })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('UserDialog', () => {
  it('adds an external user: validates, then posts the contract body', async () => {
    const onClose = vi.fn();
    renderAt('/users', <UserDialog open onClose={onClose} />);
    for (const id of ['email', 'ulevel', 'source', 'description', 'password'])
      expect(field(id), id).not.toBeNull();

    fireEvent.change(field('email')!, { target: { value: 'new@example.com' } });
    fireEvent.change(field('password')!, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Use 8 to 20 characters/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(field('password')!, { target: { value: 'Secret#123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/tcm/v1/user/save');
    expect(JSON.parse(init!.body as string)).toEqual({
      email: 'new@example.com',
      ulevel: 0,
      source: 2,
      description: '',
      password: 'Secret#123',
    });
  });

  it('edits with a read-only e-mail and an optional password', () => {
    const user = {
      id: 3,
      email: 'bob@example.com',
      ulevel: 150,
      source: 2,
      description: 'ops',
      activated: true,
      ownApps: 0,
      createTime: '',
    };
    renderAt('/users', <UserDialog open user={user} onClose={() => undefined} />);
    expect(field('email')!.value).toBe('bob@example.com');
    expect(field('email')!.disabled).toBe(true);
    expect(screen.getByText('Leave empty to keep the current password.')).toBeTruthy();
  });
});
