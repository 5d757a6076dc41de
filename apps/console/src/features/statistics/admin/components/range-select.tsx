import { App, DatePicker, Flex, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { STAT_RANGE_DAYS, utcDay, type StatRangeKind } from '@beacon/shared';
import { isPickable, pickProblem, presetRange, PRESET_DAYS, type DayRange } from '../lib/range';

const DAY = 'YYYY-MM-DD';

interface RangeSelectProps {
  /** platform: 366 days; tracking: 30 days */
  kind: StatRangeKind;
  value: DayRange;
  onChange: (range: DayRange) => void;
}

/**
 * The report's UTC days (part 1 §5): none in the future, no further back than the report's longest range, shortcuts for
 * the last 7, 14 and 30 days ending yesterday. A range the report does not take is refused with a message.
 */
export function RangeSelect({ kind, value, onChange }: RangeSelectProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const id = useId();
  const today = utcDay();
  const max = STAT_RANGE_DAYS[kind];
  const presets = PRESET_DAYS.filter((days) => days <= max).map((days) => {
    const r = presetRange(days, today);
    return {
      label: t('statisticsAdmin.range.preset', { count: days }),
      value: [dayjs(r.start), dayjs(r.end)] as [Dayjs, Dayjs],
    };
  });
  const pick = (picked: [Dayjs | null, Dayjs | null] | null) => {
    const start = picked?.[0]?.format(DAY);
    const end = picked?.[1]?.format(DAY);
    if (!start || !end) return;
    const problem = pickProblem(kind, start, end, today);
    if (problem === 'tooLong') void message.error(t('statisticsAdmin.range.tooLong', { count: max }));
    else if (problem) void message.error(t('statisticsAdmin.range.notSelectable'));
    else onChange({ start, end });
  };
  return (
    <Flex align="center" gap={8}>
      <Typography.Text id={id} type="secondary">
        {t('statisticsAdmin.range.label')}
      </Typography.Text>
      <DatePicker.RangePicker
        aria-labelledby={id}
        data-testid="admin-stat-range"
        allowClear={false}
        value={[dayjs(value.start), dayjs(value.end)]}
        format={DAY}
        placeholder={[t('statisticsAdmin.range.start'), t('statisticsAdmin.range.end')]}
        disabledDate={(d: Dayjs) => !isPickable(kind, d.format(DAY), today)}
        presets={presets}
        onChange={pick}
      />
    </Flex>
  );
}
