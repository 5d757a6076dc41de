import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface ErrorPageProps {
  status?: '404' | '500';
  title?: string;
  subTitle?: string;
}

/** A full-page error with the two ways out: home and refresh. Needs no session. */
export function ErrorPage({ status = '404', title, subTitle }: ErrorPageProps) {
  const { t } = useTranslation();
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f5f7fb' }}>
      <Result
        status={status}
        title={title ?? (status === '404' ? t('errors.notFoundTitle') : t('errors.crashTitle'))}
        subTitle={subTitle ?? (status === '404' ? t('errors.notFoundText') : t('errors.crashText'))}
        extra={[
          <Link key="home" to="/">
            <Button type="primary">{t('errors.goHome')}</Button>
          </Link>,
          <Button key="refresh" onClick={() => window.location.reload()}>
            {t('errors.refresh')}
          </Button>,
        ]}
      />
    </div>
  );
}
