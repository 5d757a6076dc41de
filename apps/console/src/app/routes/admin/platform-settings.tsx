import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon';

export default function PlatformSettingsRoute() {
  const { t } = useTranslation();
  return <ComingSoon title={t('dashboard.tabs.platform')} />;
}
