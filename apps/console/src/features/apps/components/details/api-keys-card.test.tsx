import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../../../i18n';
import { ok, restoreAfterEach, slow, stubApi } from '../../../../test/screen-api';
import { renderAt } from '../../../../test-utils';
import { ApiKeysCard } from './api-keys-card';

const SECRET = `bk_live_${'Ab3'.repeat(10)}xy`;
let created: unknown[] = [];
let keys: unknown[] = [];

describe('ApiKeysCard: the app’s API keys', () => {
  restoreAfterEach();
  beforeEach(async () => {
    created = [];
    keys = [];
    await act(async () => setLanguage('en'));
    await waitFor(() => expect(i18n.language).toBe('en'));
    stubApi((url, init) => {
      if (url.endsWith('/tcm/v1/app/1/api-keys')) return ok({ keys });
      if (url.endsWith('/tcm/v1/app/1/api-keys/create')) {
        const body = JSON.parse(init?.body as string) as { name: string; scopes: string[] };
        created.push(body);
        const key = {
          id: 1,
          name: body.name,
          prefix: SECRET.slice(0, 12),
          scopes: body.scopes,
          createdBy: 'owner@example.com',
          createdAt: '2026-12-01T10:00:00.000Z',
          lastUsedAt: null,
          revokedAt: null,
        };
        keys = [key];
        return ok({ key, secret: SECRET });
      }
      return undefined;
    });
  });

  const render = (projectLevel = 200) =>
    renderAt(
      '/',
      <App>
        <ApiKeysCard app={{ appId: 1, projectLevel }} />
      </App>,
    );

  it('shows the empty state, creates a key with scopes and shows it once', slow, async () => {
    render();
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    fireEvent.click(screen.getByTestId('api-key-new'));
    fireEvent.change(await screen.findByTestId('api-key-name'), { target: { value: 'CRM' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /statistics:read/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(created).toEqual([{ name: 'CRM', scopes: ['statistics:read'] }]));
    expect((await screen.findByTestId('api-key-secret')).textContent).toContain(SECRET);
    expect(screen.getByText(/shown only this once/)).toBeTruthy();
    expect(await screen.findByText(`${SECRET.slice(0, 12)}…`)).toBeTruthy();
  });

  it('is not shown to a manager', async () => {
    render(300);
    await act(async () => undefined);
    expect(screen.queryByTestId('api-keys-card')).toBeNull();
  });
});
