import { act, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppDetail } from '@beacon/shared';
import { i18n, setLanguage } from '../../../../i18n';
import { formatNumber } from '../../../../lib/number-format';
import { appInfo, restoreAfterEach, slow } from '../../../../test/screen-api';
import { renderAt } from '../../../../test-utils';
import { DetailsForm } from './details-form';

const APP = { ...appInfo(), description: '', uploadFileLimit: 30 } as unknown as AppDetail;
const errorOf = (input: HTMLElement) =>
  input.closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';

describe('DetailsForm: the upload file limit typed out of range', () => {
  restoreAfterEach();
  afterEach(async () => {
    await act(async () => setLanguage('en'));
  });

  // the input's max set 5000 to 1000 on blur, and Save sent 1000 without a word
  it.each([
    ['en', '5000', 'A whole number of MB from 1 to 1,000'],
    ['fr', '0', `Un nombre entier de Mo de 1 à ${formatNumber(1000, 'fr')}`],
  ] as const)('in %s keeps %s as typed and names the range', slow, async (lang, typed, text) => {
    await act(async () => setLanguage(lang));
    await waitFor(() => expect(i18n.language).toBe(lang));
    renderAt('/', <DetailsForm app={APP} />);
    const input = document.getElementById('uploadFileLimit') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('30'));
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.blur(input);
    await waitFor(() => expect(errorOf(input)).toBe(text));
    expect(input.value).toBe(typed);
  });
});
