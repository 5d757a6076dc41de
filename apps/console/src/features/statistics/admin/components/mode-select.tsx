import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { STAT_MODES, type StatMode } from '@beacon/shared';

/** The statistics mode (spec: 0 all, 1 backend push, 2 AI push all, 3 AI push). */
export function ModeSelect({ value, onChange }: { value: StatMode; onChange: (mode: StatMode) => void }) {
  const { t } = useTranslation();
  return (
    <Select<StatMode>
      value={value}
      onChange={onChange}
      style={{ width: 190 }}
      aria-label={t('statisticsAdmin.mode.label')}
      data-testid="admin-stat-mode"
      options={STAT_MODES.map((m) => ({ value: m, label: t(`statisticsAdmin.mode.${m}`) }))}
    />
  );
}
