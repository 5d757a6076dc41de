import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppDetail } from '@beacon/shared';
import { setLanguage } from '../../../../i18n';
import { json, ok, restoreAfterEach, stubApi } from '../../../../test/screen-api';
import { renderAt } from '../../../../test-utils';
import { FcmQuotaRow } from './fcm-quota-row';

const app = { appId: 1, fcmQuotaPerMinute: 600_000 } as AppDetail;
let posted: string[] = [];

describe('FcmQuotaRow: the FCM quota of the app’s Firebase project', () => {
  restoreAfterEach();
  beforeEach(async () => {
    posted = [];
    setLanguage('en');
    stubApi((url) => {
      const m = /\/tcm\/v1\/app\/1\/fcm\/quota\/([^/?]+)$/.exec(url);
      if (!m) return undefined;
      posted.push(m[1]!);
      return /^\d+$/.test(m[1]!) && Number(m[1]) >= 60
        ? ok({})
        : json(400, {
            status: 400,
            msg: 'perMinute: must be at least 60',
            data: { fields: [{ field: 'perMinute' }] },
          });
    });
  });

  const render = () =>
    renderAt(
      '/',
      <App>
        <FcmQuotaRow app={app} />
      </App>,
    );

  it('shows the current quota and saves a new one (thousands separators typed are dropped)', async () => {
    render();
    const input = screen.getByLabelText<HTMLInputElement>('FCM quota of the Firebase project');
    expect(input.value).toBe('600000');
    expect(screen.getByText(/FCM grants 600,000 by default/)).toBeTruthy();
    fireEvent.change(input, { target: { value: '1,200,000' } });
    expect(input.value).toBe('1200000');
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(posted).toEqual(['1200000']));
  });

  it('refuses a figure outside FCM’s range before sending, saying the range', async () => {
    render();
    const input = screen.getByLabelText<HTMLInputElement>('FCM quota of the Firebase project');
    fireEvent.change(input, { target: { value: '10' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', charCode: 13 });
    expect(
      await screen.findByText('Enter a whole number of messages a minute from 60 to 100,000,000'),
    ).toBeTruthy();
    expect(posted).toEqual([]);
  });
});
