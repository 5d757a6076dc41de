import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatApps } from '../api/get-plat-apps';

/** One app, or every app (cleared), searchable by title or package. */
export function AppSelect({ value, onChange }: { value?: number; onChange: (appId?: number) => void }) {
  const { t, i18n } = useTranslation();
  const apps = usePlatApps();
  const options = useMemo(() => {
    const collator = new Intl.Collator(i18n.language);
    return [...(apps.data?.apps ?? [])]
      .sort((a, b) => collator.compare(a.title, b.title))
      .map((a) => ({ value: a.appId, label: `${a.title} (${a.pkg})` }));
  }, [apps.data, i18n.language]);
  return (
    <Select<number>
      showSearch
      optionFilterProp="label"
      allowClear
      loading={apps.isLoading}
      style={{ width: 260 }}
      value={value}
      placeholder={t('statisticsAdmin.allApps')}
      aria-label={t('statisticsAdmin.app')}
      data-testid="admin-stat-app"
      options={options}
      onChange={(v) => onChange(v ?? undefined)}
    />
  );
}
