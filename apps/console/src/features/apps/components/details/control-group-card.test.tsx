import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../../../i18n';
import { ok, restoreAfterEach, slow, stubApi } from '../../../../test/screen-api';
import { renderAt } from '../../../../test-utils';
import { ControlGroupCard } from './control-group-card';

let saved: unknown[] = [];
let stored = { share: 5, exceptTransactional: true, members: 12_345 };

describe('ControlGroupCard: the app’s global control group', () => {
  restoreAfterEach();
  beforeEach(async () => {
    saved = [];
    stored = { share: 5, exceptTransactional: true, members: 12_345 };
    await act(async () => setLanguage('en'));
    await waitFor(() => expect(i18n.language).toBe('en'));
    stubApi((url, init) => {
      if (url.endsWith('/tcm/v1/app/1/control-group')) return ok(stored);
      if (url.endsWith('/tcm/v1/app/1/control-group/save')) {
        const body: unknown = JSON.parse(init?.body as string);
        saved.push(body);
        return ok(body);
      }
      return undefined;
    });
  });

  const render = () =>
    renderAt(
      '/',
      <App>
        <ControlGroupCard appId={1} />
      </App>,
    );

  it(
    'shows the share, about how many devices it holds out and the export; saves a new share',
    slow,
    async () => {
      render();
      const share = await screen.findByLabelText<HTMLInputElement>('Share of devices');
      expect(share.value).toBe('5');
      expect(screen.getByTestId('control-group-members').textContent).toBe('About 12,345 devices held out');
      expect(screen.getByTestId('control-group-export').getAttribute('href')).toBe(
        '/tcm/v1/app/1/control-group/export',
      );
      fireEvent.change(share, { target: { value: '8' } });
      fireEvent.click(screen.getByRole('switch', { name: 'Hold them out of transactional sends too' }));
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(saved).toEqual([{ share: 8, exceptTransactional: false }]));
    },
  );

  it('says what is wrong with the share by the shared rule, and sends nothing', slow, async () => {
    render();
    const share = await screen.findByLabelText('Share of devices');
    fireEvent.change(share, { target: { value: '12' } });
    expect(await screen.findByText('Share of devices must be a whole number from 0 to 10')).toBeTruthy();
    expect(share.getAttribute('aria-invalid')).toBe('true');
    fireEvent.keyDown(share, { key: 'Enter', code: 'Enter', charCode: 13 });
    expect(await screen.findByText('Correct the share first')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('in French, the same card', slow, async () => {
    await act(async () => setLanguage('fr'));
    await waitFor(() => expect(i18n.language).toBe('fr'), { timeout: 10_000 });
    stored = { share: 0, exceptTransactional: true, members: 0 };
    render();
    expect(await screen.findByText('Groupe témoin', undefined, slow)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('control-group-members')).toBeTruthy(), slow);
    expect(screen.getByTestId('control-group-members').textContent).toBe(
      'Pas de groupe témoin : tous les appareils peuvent recevoir les campagnes',
    );
    expect(screen.queryByTestId('control-group-export')).toBeNull();
  });
});
