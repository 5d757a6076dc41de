import { type StatRangeKind } from '@beacon/shared';
import { RangeFilter } from '../../components/range-filter';
import { isPickable, type DayRange } from '../lib/range';

interface RangeSelectProps {
  /** platform: 366 days; tracking: 30 days */
  kind: StatRangeKind;
  value: DayRange;
  onChange: (range: DayRange) => void;
}

/**
 * The report's UTC days (part 1 §5): the app reports' range picker with the platform's texts, and no day further back
 * than the report's longest range.
 */
export function RangeSelect({ kind, value, onChange }: RangeSelectProps) {
  return (
    <RangeFilter
      kind={kind}
      value={value}
      onChange={onChange}
      texts="statisticsAdmin.range"
      testId="admin-stat-range"
      isPickable={(day, today) => isPickable(kind, day, today)}
    />
  );
}
