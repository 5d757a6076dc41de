import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon';

export default function GlobalSettingsRoute() {
  const { t } = useTranslation();
  return <ComingSoon title={t('dashboard.tabs.globalsettings')} />;
}
