import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../../test-utils';
import { ForecastTable } from './forecast-table';

afterEach(cleanup);

describe('ForecastTable: forecast vs actual', () => {
  it('puts each reason’s forecast beside what the send counted, reasons only one side has included', () => {
    renderAt(
      '/',
      <ForecastTable
        forecast={{
          exact: true,
          send: 180,
          losses: [
            { type: 104, count: 40 },
            { type: 108, count: 20 },
          ],
          at: '2026-01-01T00:00:00.000Z',
        }}
        pushCount={240}
        actual={{
          losses: new Map([
            [104, 40],
            [3, 2],
          ]),
          sent: 178,
        }}
      />,
    );
    const row = (key: string) => screen.getByTestId(`forecast-row-${key}`).textContent;
    expect(screen.getByRole('columnheader', { name: 'Forecast' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Actual' })).toBeTruthy();
    expect(row('104')).toBe('App country blocked4040');
    expect(row('108')).toBe('Inactive for 90 days200');
    expect(row('3')).toBe('Messaging provider server error02');
    expect(row('send')).toBe('Sends180178');
  });
});
