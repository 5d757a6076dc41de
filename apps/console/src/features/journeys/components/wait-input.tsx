import { Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { JOURNEY_LIMITS, type JourneyWait } from '@beacon/shared';

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
  return (
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
        <InputNumber
          aria-label={t('journeys.wait.value')}
          min={1}
          max={value.unit === 'hours' ? JOURNEY_LIMITS.waitHoursMax : JOURNEY_LIMITS.waitDaysMax}
          precision={0}
          value={value.value}
          disabled={disabled}
          onChange={(n) => onChange({ unit: value.unit, value: n ?? 1 })}
          style={{ width: 110 }}
        />
      )}
    </Space.Compact>
  );
}
