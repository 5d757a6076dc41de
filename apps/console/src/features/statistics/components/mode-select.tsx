import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { STAT_MODES, type StatMode } from '@beacon/shared';

/** The statistics mode (part 2 §2): all messages, backend push, AI push of every kind, AI notifications. */
export function ModeSelect({ value, onChange }: { value: StatMode; onChange: (mode: StatMode) => void }) {
  const { t } = useTranslation();
  return (
    <Select<StatMode>
      aria-label={t('statistics.mode.label')}
      data-testid="stat-mode"
      value={value}
      onChange={onChange}
      options={STAT_MODES.map((mode) => ({ value: mode, label: t(`statistics.mode.${mode}`) }))}
      style={{ width: 200 }}
    />
  );
}
