import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../../i18n';
import { ok, restoreAfterEach, slow, stubApi } from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { RecoveredSection } from './recovered-section';

// 13 models (most first, as the server orders them): 10 a page, so a second page of 3
const ROWS = [
  { brand: 'Xiaomi', model: 'Redmi Note 12', recovered: 9 },
  { brand: 'Huawei', model: 'P30', recovered: 5 },
  ...['A15', 'A16', 'A17', 'A18', 'A19', 'A20', 'A21', 'A22', 'A23', 'A24'].map((model) => ({
    brand: 'Oppo',
    model,
    recovered: 2,
  })),
  { brand: '', model: '', recovered: 1 },
];
const TOTAL = ROWS.reduce((n, r) => n + r.recovered, 0);

let answer: { total: number; rows: typeof ROWS } = { total: TOTAL, rows: ROWS };

beforeEach(() => {
  answer = { total: TOTAL, rows: ROWS };
  stubApi((url) => (url.endsWith('/app/1/msg/30/recovered') ? ok(answer) : undefined));
});
restoreAfterEach();
afterEach(async () => {
  if (i18n.language !== 'en') await act(async () => i18n.changeLanguage('en'));
});

const render = () => renderAt('/app/1/data/push', <RecoveredSection appId={1} msgId={30} refresh={false} />);
const section = () => screen.getByTestId('recovered');
const column = (col: string) =>
  [...section().querySelectorAll(`tbody td[data-col="${col}"]`)].map((td) => td.textContent);

describe('RecoveredSection: recovered deliveries by brand and model (issue 32 §1)', () => {
  it('loads, then lists the most first, 10 a page, with each model’s share of the total', async () => {
    render();
    // loading: antd's spinner over the table until the call answers
    expect(section().querySelector('.ant-spin-spinning')).toBeTruthy();
    // antd's Spin drops its spinning class in an effect after the render that shows the rows: both waited for
    await waitFor(() => {
      expect(column('recovered')).toHaveLength(10);
      expect(section().querySelector('.ant-spin-spinning')).toBeNull();
    }, slow);
    expect(screen.getByTestId('recovered-total').textContent).toBe(
      '35 deliveries recovered, counted in target reach',
    );
    expect(column('brand').slice(0, 2)).toEqual(['Xiaomi', 'Huawei']);
    expect(column('recovered').slice(0, 3)).toEqual(['9', '5', '2']);
    expect(column('share').slice(0, 2)).toEqual(['25.71%', '14.29%']);

    fireEvent.click(within(section()).getByTitle('2'));
    await waitFor(() => expect(column('model')).toEqual(['A23', 'A24', 'Unknown']));
    expect(column('brand')).toEqual(['Oppo', 'Oppo', 'Unknown']);
  });

  it('sorts by brand, and by recovered both ways', async () => {
    render();
    await waitFor(() => expect(column('recovered')).toHaveLength(10), slow);
    fireEvent.click(within(section()).getByText('Brand'));
    await waitFor(() => expect(column('brand')[0]).toBe('Unknown'));
    expect(column('brand').slice(1, 3)).toEqual(['Huawei', 'Oppo']);
    fireEvent.click(within(section()).getByText('Recovered'));
    await waitFor(() => expect(column('recovered')[0]).toBe('1'));
    fireEvent.click(within(section()).getByText('Recovered'));
    await waitFor(() => expect(column('recovered')[0]).toBe('9'));
  });

  it('says so when nothing was recovered, with no total', async () => {
    answer = { total: 0, rows: [] };
    render();
    await within(section()).findByText('No delivery of this message was recovered.', undefined, slow);
    expect(screen.queryByTestId('recovered-total')).toBeNull();
  });

  it('speaks French: title, columns, grouping and the total', async () => {
    answer = { total: 12_480, rows: [{ brand: 'Xiaomi', model: 'Redmi 9', recovered: 12_480 }] };
    await act(async () => setLanguage('fr'));
    await waitFor(() => expect(i18n.language).toBe('fr'), { timeout: 10_000 });
    render();
    await within(section()).findByText('Récupérées par marque et modèle', undefined, slow);
    await waitFor(() => expect(column('recovered')).toEqual(['12\u202f480']), slow);
    expect(column('share')).toEqual(['100\u00a0%']);
    expect(within(section()).getByText('Marque')).toBeTruthy();
    expect(screen.getByTestId('recovered-total').textContent).toBe(
      '12\u202f480 réceptions récupérées, comptées dans les atteints',
    );
  });
});
