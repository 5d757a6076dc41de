import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { SensitiveWordsCard } from '../../sensitive-words';
import { useAppLimits } from '../api/get-app-limits';
import { useGlobalSettings } from '../api/get-global-settings';
import { AppLimitsCard } from './app-limits-card';
import { DayBoundaryCard } from './day-boundary-card';
import { RestrictsCard } from './restricts-card';

/** The "daily settings" tab of /platformsettings (levels 100 and 150). */
export default function DailyTab() {
  const { t } = useTranslation();
  const settings = useGlobalSettings();
  const apps = useAppLimits({ title: '', pageNo: 1, pageSize: 9999 });
  return (
    <Flex vertical gap={16}>
      {settings.data && !settings.data.limitSwitcher && (
        <Alert type="warning" showIcon message={t('globalSettings.limitsOff')} />
      )}
      <RestrictsCard restricts={settings.data?.restricts ?? []} loading={settings.isLoading} />
      <DayBoundaryCard
        value={settings.data ? { timezone: settings.data.timezone, time: settings.data.time } : undefined}
      />
      <AppLimitsCard />
      <SensitiveWordsCard apps={apps.data?.results ?? []} />
    </Flex>
  );
}
