import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test-utils';
import { TroubleshootingSearch } from './troubleshooting-search';

afterEach(cleanup);

const GAID = '38400000-8cf0-11bd-b23e-10b96e40000d';

describe('TroubleshootingSearch', () => {
  it('keeps search disabled while the id is empty or malformed, then searches with the trimmed id', () => {
    const onSearch = vi.fn();
    renderAt(
      '/',
      <TroubleshootingSearch
        type={1}
        initialId=""
        loading={false}
        onTypeChange={() => undefined}
        onSearch={onSearch}
      />,
    );
    const button = screen.getByRole('button', { name: /Look up/ });
    const input = document.querySelector<HTMLInputElement>('#instanceId')!;
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.change(input, { target: { value: '38400000-8cf0-11bd-b23e' } });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/A GAID has 32 hexadecimal digits/)).toBeTruthy();
    fireEvent.submit(input.closest('form')!);
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: ` ${GAID} ` } });
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    return vi.waitFor(() => expect(onSearch).toHaveBeenCalledWith(GAID));
  });
});
