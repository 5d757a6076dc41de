import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Shown when the signed-in user lacks the level a screen needs. */
export function Forbidden() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={t('errors.forbiddenTitle')}
      subTitle={t('errors.forbiddenText')}
      extra={
        <Link to="/dashboard">
          <Button type="primary">{t('errors.backToDashboard')}</Button>
        </Link>
      }
    />
  );
}
