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

const calls: string[] = [];

const show = () =>
  renderAt(
    '/',
    <TagsTable
      rows={ROWS}
      total={1}
      page={1}
      loading={false}
      onPageChange={() => undefined}
      onEdit={(tag) => calls.push(`edit ${tag.id}`)}
      onImport={(tag) => calls.push(`import ${tag.id}`)}
      onDelete={(tag) => calls.push(`delete ${tag.id}`)}
    />,
  );

/** Shows the table in French once the labels' French strings are there. */
async function showInFrench() {
  await act(async () => setLanguage('fr'));
  await waitFor(() => expect(i18n.t('tags.devices')).toBe('Appareils'));
  show();
  await screen.findAllByText('Appareils');
  return screen.getByTestId('tags-table').querySelector('tbody tr.ant-table-row')!.querySelectorAll('td');
}

/** Opens the row's "⋯" menu and returns its item named `name`, once the menu has the focus (a few frames later). */
async function menuItem(actions: HTMLElement, name: RegExp) {
  const more = within(actions).getByRole('button', { name: /Autres actions pour « Acheteurs VIP/ });
  // focused as a click would: the menu takes the focus from it
  act(() => more.focus());
  fireEvent.click(more);
  const item = await screen.findByRole('menuitem', { name });
  await waitFor(() => expect(item.closest('[role="menu"]')!.contains(document.activeElement)).toBe(true));
  return item;
}

afterEach(async () => {
  cleanup();
  calls.length = 0;
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

  it('shows the English name under the name, the date on one line, long texts cut with the whole on hover', async () => {
    const cells = await showInFrench();
    // eight columns: the English name has none of its own (nine did not fit beside the Actions at 1440 px)
    expect(cells).toHaveLength(8);
    const [name, code, , , desc, owner, updated, actions] = [...cells] as HTMLElement[];
    expect(within(name!).getByText(ROWS[0]!.name)).toBeTruthy();
    expect(within(name!).getByText(ROWS[0]!.nameEn).closest('[lang="en"]')).not.toBeNull();
    const header = screen.getByTestId('tags-table').querySelector('thead th')!;
    expect(header.textContent).toBe('NomNom anglais');
    expect(updated!.textContent).toMatch(/^6 déc\. 2026/);
    expect((updated!.firstElementChild as HTMLElement).style.whiteSpace).toBe('nowrap');
    // one line at most 140 px (code, description, creator): the column is no wider, the text no shorter
    for (const [cell, text] of [
      [code, ROWS[0]!.code],
      [desc, ROWS[0]!.desc],
      [owner, ROWS[0]!.ownerMail],
    ] as const) {
      expect((cell!.firstElementChild as HTMLElement).style.maxWidth).toBe('140px');
      expect(cell!.textContent).toBe(text);
    }
    expect(code!.querySelector('code')).not.toBeNull();
    expect(actions!.className).toContain('ant-table-cell-fix-end');
  });

  it('keeps Edit as a link and the import and delete in the row’s menu, in French', async () => {
    const actions = (await showInFrench())[7]!;
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Modifier', '']);
    await menuItem(actions, /Importer des GAID/);
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Importer des GAID', 'Supprimer']);
    expect(items[1]!.className).toContain('ant-dropdown-menu-item-danger');
  });

  it('edits, imports and deletes the row it is on; the delete asks first', async () => {
    const actions = (await showInFrench())[7]!;
    fireEvent.click(within(actions).getByRole('button', { name: /Modifier/ }));
    fireEvent.click(await menuItem(actions, /Importer des GAID/));
    expect(calls).toEqual(['edit 1', 'import 1']);
    // cancelled: nothing deleted
    fireEvent.click(await menuItem(actions, /Supprimer/));
    const cancel = await screen.findByRole('button', { name: 'Annuler' });
    fireEvent.click(cancel);
    // leaving (jsdom runs no animation to its end), and the menu's button has the focus back
    await waitFor(() => expect(cancel.closest('.ant-popover')!.className).toMatch(/-leave|-hidden/));
    expect(document.activeElement).toBe(within(actions).getByRole('button', { name: /Autres actions/ }));
    expect(calls).toEqual(['edit 1', 'import 1']);
    fireEvent.click(await menuItem(actions, /Supprimer/));
    const confirm = (await screen.findByText(/sera supprimée/)).closest<HTMLElement>('.ant-popconfirm')!;
    expect(calls).toEqual(['edit 1', 'import 1']);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(calls).toEqual(['edit 1', 'import 1', 'delete 1']);
  });

  it('writes the devices count the reader’s way, in the column and in the delete confirmation', async () => {
    const cells = await showInFrench();
    // French groups with a (narrow) no-break space: "20 000", not the English "20,000"
    expect(cells[3]!.textContent?.replace(/\s/g, ' ')).toBe('20 000');
    fireEvent.click(await menuItem(cells[7]!, /Supprimer/));
    const confirm = await screen.findByText(/sera supprimée/);
    expect(confirm.textContent?.replace(/\s/g, ' ')).toBe(
      '« Acheteurs VIP de fin d’année » sera supprimée et retirée de 20 000 appareils.',
    );
    expect(screen.getByText('Supprimer cette étiquette ?')).toBeTruthy();
  });
});
