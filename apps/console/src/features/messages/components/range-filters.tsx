import { DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { utcOffsets } from '@beacon/shared';
import { DEFAULT_TZ } from '../lib/list-filters';

const zoneOptions = () => utcOffsets().map((o) => ({ value: o.replace(':', ''), label: `UTC${o}` }));

interface DateRangeFilterProps {
  /** `YYYY-MM-DD`, '' for none (both or neither). */
  begin: string;
  end: string;
  onChange: (begin: string, end: string) => void;
  testId?: string;
}

/** A list's date-range filter (days, in the list's time zone): both ends or none. */
export function DateRangeFilter({ begin, end, onChange, testId = 'filter-range' }: DateRangeFilterProps) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      aria-label={t('messages.filters.range')}
      placeholder={[t('messages.filters.begin'), t('messages.filters.end')]}
      value={begin && end ? [dayjs(begin), dayjs(end)] : null}
      onChange={(range) =>
        onChange(range?.[0]?.format('YYYY-MM-DD') ?? '', range?.[1]?.format('YYYY-MM-DD') ?? '')
      }
      data-testid={testId}
    />
  );
}

/** A list's time-zone filter (`±HHMM`, default +0000): the zone its dates and times are read in. */
export function ZoneFilter({ value, onChange }: { value: string; onChange: (tz: string) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      showSearch
      aria-label={t('messages.filters.tz')}
      value={value || DEFAULT_TZ}
      options={zoneOptions()}
      onChange={onChange}
      style={{ width: 130 }}
    />
  );
}
