import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../../test-utils';
import { ForbidTimesTable } from './forbid-times-table';

afterEach(cleanup);

describe('ForbidTimesTable', () => {
  it('marks a window whose end is earlier than its start as ending the next day', () => {
    renderAt(
      '/',
      <ForbidTimesTable
        loading={false}
        rows={[
          {
            countryCode: 'NG',
            countryName: 'Nigeria',
            intervalTimeList: [
              { start: '12:00', end: '13:00' },
              { start: '22:00', end: '06:00' },
            ],
          },
        ]}
      />,
    );
    expect(screen.getByText('Nigeria (NG)')).toBeTruthy();
    expect(screen.getByText('12:00 → 13:00').closest('.ant-tag')?.className).not.toContain('orange');
    expect(screen.getAllByText(/next day/)).toHaveLength(1);
    expect(screen.getByText('22:00 → 06:00 (next day)').closest('.ant-tag')?.className).toContain(
      'ant-tag-orange',
    );
  });

  it('says who sets the bans when there are none', () => {
    renderAt('/', <ForbidTimesTable loading={false} rows={[]} />);
    expect(screen.getByText('No banned time windows')).toBeTruthy();
    expect(screen.getByText(/Platform administrators set bans/)).toBeTruthy();
  });
});
