import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../i18n';
import '../../test-utils';
import { useIssueText } from './use-field-rule';

afterEach(async () => {
  if (i18n.language !== 'en') await act(async () => i18n.changeLanguage('en'));
});

/** Spaces as written (fr groups with U+202F) read as plain spaces. */
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('an issue’s message', () => {
  it('writes its numbers the reader’s way, as the hints beside it do', async () => {
    const issue = { name: ['pushCount'], key: 'overEstimate', params: { max: 20_000 } };
    const en = renderHook(() => useIssueText());
    expect(en.result.current(issue)).toBe('More than the estimated audience: 20,000 at most');
    await act(async () => setLanguage('fr'));
    const fr = renderHook(() => useIssueText());
    await waitFor(() =>
      expect(plain(fr.result.current(issue))).toBe('Plus que l’audience estimée : 20 000 au plus'),
    );
    // the speed's range had read "1000 to 10000" in every language
    expect(
      plain(
        fr.result.current({ name: ['speedLimit'], key: 'speedRange', params: { min: 1000, max: 10_000 } }),
      ),
    ).toMatch(/1 000 .* 10 000/);
  });
});
