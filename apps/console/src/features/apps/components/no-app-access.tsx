import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Shown on /app/:appId routes of an app the user has no role on, or that does not exist. */
export function NoAppAccess({ unknown = false }: { unknown?: boolean }) {
  const { t } = useTranslation();
  return (
    <Result
      status={unknown ? '404' : '403'}
      title={t(unknown ? 'apps.access.unknownTitle' : 'apps.access.deniedTitle')}
      subTitle={t(unknown ? 'apps.access.unknownText' : 'apps.access.deniedText')}
      extra={
        <Link to="/dashboard">
          <Button type="primary">{t('errors.backToDashboard')}</Button>
        </Link>
      }
      data-testid="no-app-access"
    />
  );
}
