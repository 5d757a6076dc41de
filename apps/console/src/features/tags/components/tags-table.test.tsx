import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Tag } from '@beacon/shared';
import { i18n, setLanguage } from '../../../i18n';
import { renderAt } from '../../../test-utils';
import { TagsTable } from './tags-table';

const ROWS: Tag[] = [
  {
    id: 1,
    appId: 1,
    name: 'Acheteurs VIP de fin d’année',
    nameEn: 'Year-end VIP buyers',
    code: 'vip_buyers_2026',
    desc: 'Devices that bought three times or more during the holiday season, imported from the CRM every Monday',
    flag: 'GROUP',
    ownerMail: 'marketing.team.lead@shop.example',
    deviceCount: 20_000,
    updateTime: '2026-12-06T13:23:00.000Z',
  },
];

const show = () =>
  renderAt(
    '/',
    <TagsTable
      rows={ROWS}
      total={1}
      page={1}
      loading={false}
      onPageChange={() => undefined}
      onEdit={() => undefined}
      onImport={() => undefined}
      onDelete={() => undefined}
    />,
  );

afterEach(async () => {
  cleanup();
  if (i18n.language !== 'en') await act(async () => i18n.changeLanguage('en'));
});

describe('the labels table at laptop widths', () => {
  it('keeps its columns’ content width and scrolls, rather than squeezing them to a fixed total', () => {
    show();
    const table = screen.getByTestId('tags-table').querySelector('table')!;
    // auto layout: a fixed layout gave the Description what was left of 1,400 px ("De…") and broke "Appareils"
    expect(table.style.tableLayout).toBe('auto');
    expect(table.style.width).not.toMatch(/px$/);
    const cols = screen.getByTestId('tags-table').querySelectorAll('colgroup col');
    expect([...cols].map((c) => (c as HTMLElement).style.width).filter(Boolean)).toEqual([]);
  });

  it('keeps the date on one line, cuts long texts with the whole text on hover, and shows every action in French', async () => {
    await act(async () => setLanguage('fr'));
    await waitFor(() => expect(i18n.language).toBe('fr'));
    show();
    const row = screen.getByTestId('tags-table').querySelector('tbody tr.ant-table-row')!;
    const cells = row.querySelectorAll('td');
    const updated = cells[7]!;
    expect(updated.textContent).toMatch(/^6 déc\. 2026/);
    expect((updated.firstElementChild as HTMLElement).style.whiteSpace).toBe('nowrap');
    // one line at most 240 px (description) and 220 px (creator): the column is no wider, the text no shorter
    expect((cells[5]!.firstElementChild as HTMLElement).style.maxWidth).toBe('240px');
    expect(cells[5]!.textContent).toBe(ROWS[0]!.desc);
    expect((cells[6]!.firstElementChild as HTMLElement).style.maxWidth).toBe('220px');
    expect(cells[6]!.textContent).toBe(ROWS[0]!.ownerMail);
    const actions = cells[8]!;
    expect(actions.className).toContain('ant-table-cell-fix-end');
    for (const name of [/Modifier/, /Importer des GAID/, /Supprimer/])
      expect(within(actions).getByRole('button', { name })).toBeTruthy();
  });

  it('writes the devices count the reader’s way, in the column and in the delete confirmation', async () => {
    await act(async () => setLanguage('fr'));
    await waitFor(() => expect(i18n.language).toBe('fr'));
    show();
    const row = screen.getByTestId('tags-table').querySelector('tbody tr.ant-table-row')!;
    const cells = row.querySelectorAll('td');
    // French groups with a (narrow) no-break space: "20 000", not the English "20,000"
    expect(cells[4]!.textContent?.replace(/\s/g, ' ')).toBe('20 000');
    fireEvent.click(within(cells[8]!).getByRole('button', { name: /Supprimer/ }));
    const confirm = await screen.findByText(/sera supprimée/);
    expect(confirm.textContent?.replace(/\s/g, ' ')).toBe(
      '« Acheteurs VIP de fin d’année » sera supprimée et retirée de 20 000 appareils.',
    );
  });
});
