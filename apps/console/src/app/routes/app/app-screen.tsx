import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon';
import { APP_SCREENS, SECTION_DEFAULTS } from '../../layout/app-menu';
import { SCREENS } from './screens';

/** Every /app/:appId screen for now: a placeholder naming the screen; unknown paths get a not-found result. */
export default function AppScreenRoute() {
  const { t } = useTranslation();
  const { section = '', screen } = useParams();
  const fallback = SECTION_DEFAULTS[section];
  if (!screen && fallback) return <Navigate to={fallback} replace />;
  const def = APP_SCREENS[`${section}/${screen ?? ''}`];
  if (!def) {
    return (
      <Result
        status="404"
        title={t('errors.notFoundTitle')}
        subTitle={t('errors.notFoundText')}
        extra={
          <Link to="/dashboard">
            <Button type="primary">{t('errors.backToDashboard')}</Button>
          </Link>
        }
      />
    );
  }
  const Screen = SCREENS[`${section}/${screen ?? ''}`];
  return Screen ? <Screen /> : <ComingSoon title={t(def.labelKey)} />;
}
