import { Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { JOURNEY_LIMITS, type JourneyWait } from '@beacon/shared';
import { outOfRange, RangeError } from '../../../components/range-error';

/** A branch's wait: hours (1–720), days (1–30) or at a wall-clock time (HH:mm); checkJourney judges the value. */
export function WaitInput({
  value,
  onChange,
  disabled,
}: {
  value: JourneyWait;
  onChange: (next: JourneyWait) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const setUnit = (unit: JourneyWait['unit']) =>
    onChange(
      unit === 'at' ? { unit, time: '09:00' } : { unit, value: value.unit === 'at' ? 1 : value.value },
    );
  // the bounds checkJourney (shared with the server) holds a wait to
  const max = value.unit === 'hours' ? JOURNEY_LIMITS.waitHoursMax : JOURNEY_LIMITS.waitDaysMax;
  const bad = value.unit !== 'at' && outOfRange(value.value, 1, max);
  // the error after the compact group, in one tree with or without it (a remounted input loses the focus)
  return (
    <>
      <Space.Compact>
        <Select
          aria-label={t('journeys.wait.unit')}
          value={value.unit}
          disabled={disabled}
          onChange={setUnit}
          style={{ width: 150 }}
          options={(['hours', 'days', 'at'] as const).map((u) => ({
            value: u,
            label: t(`journeys.wait.units.${u}`),
          }))}
        />
        {value.unit === 'at' ? (
          <Input
            aria-label={t('journeys.wait.time')}
            placeholder="HH:mm"
            value={value.time}
            disabled={disabled}
            onChange={(e) => onChange({ unit: 'at', time: e.target.value.trim() })}
            style={{ width: 110 }}
          />
        ) : (
          // no min / max: they clamp on blur without a word (900 hours became 720); the range shows below
          <InputNumber
            aria-label={t('journeys.wait.value')}
            aria-valuemin={1}
            aria-valuemax={max}
            precision={0}
            status={bad ? 'error' : undefined}
            value={value.value}
            disabled={disabled}
            onChange={(n) => onChange({ unit: value.unit, value: n ?? 1 })}
            style={{ width: 110 }}
          />
        )}
      </Space.Compact>
      {bad && (
        <div>
          <RangeError min={1} max={max} unit={value.unit === 'hours' ? 'hours' : 'days'} />
        </div>
      )}
    </>
  );
}
