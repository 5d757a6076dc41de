import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestDevice } from '@beacon/shared';
import { i18n, setLanguage } from '../../../i18n';
import { renderAt } from '../../../test-utils';
import { TestDevicesTable } from './test-devices-table';

const ROWS: TestDevice[] = [
  {
    id: 1,
    name: 'QA Samsung A54x',
    desc: 'Owner Ngozi, Android 14, 2024',
    gaid: 'f243fbc4-f816-40f4-a185-6a48bc0c8353',
    valid: 0,
    updateTime: '2026-12-06T13:23:00.000Z',
  },
];

const show = () =>
  renderAt(
    '/',
    <TestDevicesTable
      rows={ROWS}
      total={1}
      page={1}
      loading={false}
      onPageChange={() => undefined}
      onEdit={() => undefined}
      onDelete={() => undefined}
    />,
  );

afterEach(async () => {
  cleanup();
  if (i18n.language !== 'en') await act(async () => i18n.changeLanguage('en'));
});

describe('the test devices table at laptop widths', () => {
  it('takes the width there is rather than a fixed total, so the sticky Actions column covers no column', () => {
    show();
    const table = screen.getByTestId('test-devices-table').querySelector('table')!;
    // auto layout: the columns are as wide as their content needs (a fixed layout squeezed them to set widths and
    // the 1,220 px total scrolled the Updated column under the Actions one at 1440 px)
    expect(table.style.tableLayout).toBe('auto');
    expect(table.style.width).not.toMatch(/px$/);
  });

  it('keeps the date on one line and sizes the Actions column to its links, in French too', async () => {
    await act(async () => setLanguage('fr'));
    await waitFor(() => expect(i18n.language).toBe('fr'));
    show();
    const row = screen.getByTestId('test-devices-table').querySelector('tbody tr.ant-table-row')!;
    const cells = row.querySelectorAll('td');
    const updated = cells[4]!;
    expect(updated.textContent).toMatch(/^6 déc\. 2026/);
    expect((updated.firstElementChild as HTMLElement).style.whiteSpace).toBe('nowrap');
    expect(
      (within(cells[3]!).getByText('Non valide').closest('.ant-badge') as HTMLElement).style.whiteSpace,
    ).toBe('nowrap');
    const actions = cells[5]!;
    expect(actions.className).toContain('ant-table-cell-fix-end');
    expect(within(actions).getByRole('button', { name: /Modifier/ })).toBeTruthy();
    expect(within(actions).getByRole('button', { name: /Supprimer/ })).toBeTruthy();
    // no set width, which cut "Supprimer" to "Suppr" at 170 px: the column takes its links' width
    const cols = screen.getByTestId('test-devices-table').querySelectorAll('colgroup col');
    expect([...cols].map((c) => (c as HTMLElement).style.width).filter(Boolean)).toEqual([]);
  });
});

describe('deleting a test device', () => {
  it('names the device by its name and advertising id, which two devices never share', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    expect(
      await screen.findByText(
        'QA Samsung A54x (f243fbc4-f816-40f4-a185-6a48bc0c8353) will no longer receive test pushes.',
      ),
    ).toBeTruthy();
  });
});
