import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGlobalSettings } from '../api/get-global-settings';
import { DayBoundaryCard } from './day-boundary-card';
import { GlobalSwitchesCard } from './global-switches-card';
import { RestrictsCard } from './restricts-card';

/** /globalsettings (level 100): the global switches, the per-user daily limits and the day boundary. */
export function GlobalSettingsPanel() {
  const { t } = useTranslation();
  const settings = useGlobalSettings();
  const data = settings.data;
  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('globalSettings.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('globalSettings.subtitle')}</Typography.Text>
      </div>
      <GlobalSwitchesCard
        limitSwitcher={data?.limitSwitcher ?? false}
        globalTagSwitcher={data?.globalTagSwitcher ?? false}
        loading={settings.isLoading}
      />
      <RestrictsCard restricts={data?.restricts ?? []} loading={settings.isLoading} />
      <DayBoundaryCard value={data ? { timezone: data.timezone, time: data.time } : undefined} />
    </Flex>
  );
}
