import { Alert, App, Button, DatePicker, Flex, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isSelectableDay, STAT_RANGE_DAYS, utcDay, type StatRangeKind } from '@beacon/shared';
import { fellBack, pickProblem, presetRange, PRESET_DAYS, type DayRange } from '../lib/range';

const DAY = 'YYYY-MM-DD';
// a UTC day shown as the same calendar day in the picker (the picker works in local days; only the date part is used)
const toDayjs = (day: string): Dayjs => dayjs(day);

interface RangeProps {
  kind: StatRangeKind;
  /** The range shown (the link's, or the default). */
  value: DayRange;
  onChange: (range: DayRange) => void;
}

interface RangeFilterProps extends RangeProps {
  /** The i18n key prefix of its texts (label, start, end, preset, tooLong…); RangeSelect has its own. */
  texts?: string;
  testId?: string;
  /** Which days may be picked (default: up to today, within the look-back). */
  isPickable?: (day: string, today: string) => boolean;
}

/**
 * The report's days: a range picker of UTC days with the last 7/14/30 days ending yesterday as shortcuts, and today in
 * one click (the default range stays the last complete days; today's figures are the day's so far, marked partial
 * whenever the range shown ends today). A range longer than the report allows is refused with a message and the
 * picker goes back to the range shown.
 */
export function RangeFilter({
  kind,
  value,
  onChange,
  texts = 'statistics.range',
  testId = 'stat-range',
  isPickable = isSelectableDay,
}: RangeFilterProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const id = useId();
  const today = utcDay();
  const max = STAT_RANGE_DAYS[kind];
  const presets = PRESET_DAYS.filter((days) => days <= max).map((days) => {
    const r = presetRange(days, today);
    return {
      label: t(`${texts}.preset`, { count: days }),
      value: [toDayjs(r.start), toDayjs(r.end)] as [Dayjs, Dayjs],
    };
  });

  const pick = (picked: [Dayjs | null, Dayjs | null] | null) => {
    const start = picked?.[0]?.format(DAY);
    const end = picked?.[1]?.format(DAY);
    if (!start || !end) return;
    const problem = pickProblem(kind, start, end, today);
    if (problem === 'tooLong')
      void message.error(t(max === 31 ? `${texts}.tooLongMonth` : `${texts}.tooLong`, { count: max }));
    else if (problem) void message.error(t(`${texts}.notSelectable`));
    else onChange({ start, end });
  };

  return (
    <Flex align="center" gap={8}>
      <Typography.Text id={id} type="secondary">
        {t(`${texts}.label`)}
      </Typography.Text>
      <DatePicker.RangePicker
        aria-labelledby={id}
        data-testid={testId}
        allowClear={false}
        value={[toDayjs(value.start), toDayjs(value.end)]}
        format={DAY}
        placeholder={[t(`${texts}.start`), t(`${texts}.end`)]}
        disabledDate={(d: Dayjs) => !isPickable(d.format(DAY), today)}
        presets={presets}
        onChange={pick}
      />
      <Button
        data-testid={`${testId}-today`}
        aria-pressed={value.start === today && value.end === today}
        onClick={() => onChange({ start: today, end: today })}
      >
        {t(`${texts}.today`)}
      </Button>
      {value.end === today && (
        <Tag color="gold" data-testid={`${testId}-partial`} style={{ marginInlineEnd: 0 }}>
          {t(`${texts}.partial`)}
        </Tag>
      )}
    </Flex>
  );
}

/** The server's answer to a range: the range it used, and whether it fell back from the link's. */
type Answer = { start: string; end: string; fallback: boolean } | undefined;

interface RangeBarProps extends RangeProps {
  /** The range as the link wrote it. */
  asked: { start?: string; end?: string };
  answer: Answer;
  /** Filters before the range picker, and after it. */
  children?: ReactNode;
  after?: ReactNode;
}

/**
 * A report's filter row: its filters, the range picker and the range the server answered for; below it, a notice when
 * the link's range could not be used and the default one is shown instead.
 */
export function RangeBar({ kind, value, onChange, asked, answer, children, after }: RangeBarProps) {
  const { t } = useTranslation();
  const fallback = fellBack(asked, answer);
  return (
    <>
      <Flex wrap gap={12} align="center" role="search" style={{ marginBottom: 16 }}>
        {children}
        <RangeFilter kind={kind} value={value} onChange={onChange} />
        {after}
        {answer && !fallback && (
          <Typography.Text type="secondary" data-testid="range-shown">
            {t('statistics.range.showing', { start: answer.start, end: answer.end })}
          </Typography.Text>
        )}
      </Flex>
      {answer && fallback && (
        <Alert
          type="warning"
          showIcon
          data-testid="range-fallback"
          style={{ marginBottom: 16 }}
          title={t('statistics.range.fallback', {
            count: STAT_RANGE_DAYS[kind],
            start: answer.start,
            end: answer.end,
          })}
        />
      )}
    </>
  );
}
