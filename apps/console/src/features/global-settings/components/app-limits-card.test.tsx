import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../../i18n';
import { formatNumber } from '../../../lib/number-format';
import { ok, restoreAfterEach, slow, stubApi } from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { AppLimitsCard } from './app-limits-card';

describe('AppLimitsCard: the limit for all apps typed out of range', () => {
  restoreAfterEach();
  beforeEach(() => {
    stubApi((url) =>
      url.endsWith('/tcm/global/conf/app/limit/list') ? ok({ results: [], total: 0 }) : undefined,
    );
  });
  afterEach(async () => {
    await act(async () => setLanguage('en'));
  });

  // the input's max set 2,000,000 to 1,000,000 on blur: Apply to all then offered another limit than typed
  it.each([
    ['en', 'Limit for all', '2000000', 'A whole number from 1 to 1,000,000'],
    ['fr', 'Limite pour toutes', '0', `Un nombre entier de 1 à ${formatNumber(1_000_000, 'fr')}`],
  ] as const)(
    'in %s, “%s” keeps what was typed and names the range',
    slow,
    async (lang, name, typed, text) => {
      await act(async () => setLanguage(lang));
      await waitFor(() => expect(i18n.language).toBe(lang));
      renderAt('/', <AppLimitsCard />);
      const input = await screen.findByRole<HTMLInputElement>('spinbutton', { name });
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      expect((await screen.findByRole('alert')).textContent).toBe(text);
      expect(input.value).toBe(typed);
      fireEvent.change(input, { target: { value: '50' } });
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    },
  );
});
