import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon';

export default function AppSettingsRoute() {
  const { t } = useTranslation();
  return <ComingSoon title={t('dashboard.tabs.appsettings')} />;
}
