import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { ATTRIBUTE_LIMITS } from '@beacon/shared';
import { i18n, setLanguage } from '../../../i18n';
import { ok, restoreAfterEach, slow, stubApi } from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { AttributesCard } from './attributes-card';

const row = (key: string, type: string) => ({
  key,
  type,
  createdAt: '2026-01-02T10:00:00.000Z',
  lastWrittenAt: '2026-01-03T10:00:00.000Z',
});

let rows: ReturnType<typeof row>[] = [];
let deleted: unknown[] = [];

describe('AttributesCard: the app’s user attributes', () => {
  restoreAfterEach();
  beforeEach(async () => {
    deleted = [];
    await act(async () => setLanguage('en'));
    await waitFor(() => expect(i18n.language).toBe('en'));
    stubApi((url, init) => {
      if (url.endsWith('/tcm/v1/app/1/attributes'))
        return ok({ rows, users: rows.length ? 1234 : 0, limits: ATTRIBUTE_LIMITS });
      if (url.endsWith('/tcm/v1/app/1/attributes/delete')) {
        const body = JSON.parse(init?.body as string) as { key: string };
        deleted.push(body);
        rows = rows.filter((r) => r.key !== body.key);
        return ok({ removed: true });
      }
      return undefined;
    });
  });

  const render = () =>
    renderAt(
      '/',
      <App>
        <AttributesCard appId={1} />
      </App>,
    );

  it('says when there is none yet, with the limits', slow, async () => {
    rows = [];
    render();
    expect(await screen.findByText(/No attribute yet/)).toBeTruthy();
    expect(screen.getByTestId('attributes-limits').textContent).toMatch(
      /^0 of 100 attributes\..* 0 users\.$/,
    );
  });

  // a full run's load has taken this test past 15 s (34 s once): the confirmation's modal is the slow part in jsdom
  it(
    'lists each attribute with its type, and deletes one after confirmation',
    { timeout: 60_000 },
    async () => {
      rows = [row('plan', 'string'), row('score', 'number'), row('tags', 'list')];
      render();
      const card = await screen.findByTestId('attributes-card', {}, slow);
      await within(card).findByText('plan', {}, slow);
      expect(within(card).getByText('Number')).toBeTruthy();
      expect(within(card).getByText('List of texts')).toBeTruthy();
      expect(screen.getByTestId('attributes-limits').textContent).toContain('1,234 users.');
      fireEvent.click(within(card).getAllByRole('button', { name: /delete/i })[0]!);
      expect(await screen.findByText('Delete the attribute plan?', {}, slow)).toBeTruthy();
      fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
      await waitFor(() => expect(deleted).toEqual([{ key: 'plan' }]), slow);
      await waitFor(() => expect(within(card).queryByText('plan')).toBeNull(), slow);
    },
  );

  it('pages many attributes', slow, async () => {
    rows = Array.from({ length: 45 }, (_, i) => row(`k${String(i).padStart(2, '0')}`, 'boolean'));
    render();
    const card = await screen.findByTestId('attributes-card');
    await within(card).findByText('k00');
    expect(within(card).queryByText('k20')).toBeNull();
    expect(within(card).getByTitle('3')).toBeTruthy();
  });
});
