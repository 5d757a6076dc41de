import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../test-utils';
import type { DayRange } from '../lib/range';
import { PeriodRangeSelect } from './period-range-select';

const TODAY = '2026-02-11';
let changes: DayRange[] = [];

beforeEach(() => {
  changes = [];
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(`${TODAY}T10:00:00Z`) });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const show = (unit: 'week' | 'month', value: DayRange) =>
  renderAt(
    '/',
    <PeriodRangeSelect kind="platform" unit={unit} value={value} onChange={(r) => changes.push(r)} />,
  );

/** The options of a select, opened, with whether each is disabled. */
async function optionsOf(testId: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  await waitFor(() =>
    expect(document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).not.toBeNull(),
  );
  const open = document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  return [...open[open.length - 1]!.querySelectorAll('.ant-select-item-option')].map((e) => ({
    label: e.textContent,
    disabled: e.classList.contains('ant-select-item-option-disabled'),
  }));
}
async function pick(testId: string, label: string) {
  await optionsOf(testId);
  const open = document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  fireEvent.click(within(open[open.length - 1] as HTMLElement).getByTitle(label));
}

describe('PeriodRangeSelect', () => {
  it('picks months by year and month from a list of 12, none in the future', async () => {
    show('month', { start: '2025-11-01', end: TODAY });
    const months = await optionsOf('admin-report-month-to-n');
    expect(months.map((m) => m.label)).toEqual([
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
    expect(months.filter((m) => !m.disabled).map((m) => m.label)).toEqual(['January', 'February']);
    expect(screen.getByTestId('admin-report-period-days').textContent).toBe(`Days 2025-11-01 – ${TODAY}`);
  });

  it('turns a from month into the days from its first, and narrows a pick longer than 366 days', async () => {
    show('month', { start: '2025-11-01', end: TODAY });
    await pick('admin-report-month-from-n', 'March');
    expect(changes.at(-1)).toEqual({ start: '2025-03-01', end: TODAY });
    // February 2025 to February 2026 would be 367 days (its pickable days start on 2025-02-10): February alone
    await pick('admin-report-month-from-n', 'February');
    expect(changes.at(-1)).toEqual({ start: '2025-02-10', end: '2025-02-28' });
    const earlier = await optionsOf('admin-report-month-from-n');
    expect(earlier.find((m) => m.label === 'January')?.disabled).toBe(true);
  });

  it('picks ISO weeks by year and week from a list of 53, week 53 only in the years that have it', async () => {
    show('week', { start: '2026-02-02', end: TODAY });
    const weeks = await optionsOf('admin-report-week-from-n');
    expect(weeks).toHaveLength(53);
    expect(weeks[1]).toEqual({ label: 'Week 2 (01-05 – 01-11)', disabled: false });
    expect(weeks.filter((w) => !w.disabled)).toHaveLength(7);
    fireEvent.click(screen.getByTitle('Week 2 (01-05 – 01-11)'));
    expect(changes.at(-1)).toEqual({ start: '2026-01-05', end: TODAY });
  });

  it('offers the previous year, where a 52-week year has no week 53', async () => {
    show('week', { start: '2025-12-22', end: TODAY });
    expect(within(screen.getByTestId('admin-report-week-from')).getByTitle('2025')).toBeTruthy();
    const weeks = await optionsOf('admin-report-week-from-n');
    expect(weeks[52]).toEqual({ label: 'No week 53 in 2025', disabled: true });
    expect(weeks[51]).toEqual({ label: 'Week 52 (12-22 – 12-28)', disabled: false });
  });
});
