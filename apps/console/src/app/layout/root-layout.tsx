import { App } from 'antd';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useSearchParams } from 'react-router';
import { PageSpin } from '../../components/page-spin';
import { setLanguage } from '../../i18n';
import { parseLanguage } from '../../i18n/language';
import { isApiError } from '../../lib/api-error';
import { setErrorPresenter } from '../../lib/error-reporter';

/** Applies a `lang` query parameter on any page, and shows reported errors with antd. */
export default function RootLayout() {
  const { t } = useTranslation();
  const { message, notification } = App.useApp();
  const [search] = useSearchParams();
  const lang = parseLanguage(search.get('lang'));

  useEffect(() => {
    if (lang) setLanguage(lang);
  }, [lang]);

  useEffect(() => {
    setErrorPresenter({
      alert: (error) => void message.error({ key: 'api-error', content: error.message, duration: 4 }),
      persistent: (error) =>
        notification.error({
          key: 'api-server-error',
          title: t('errors.serverTitle'),
          description: isApiError(error) && error.kind === 'network' ? t('errors.network') : error.message,
          duration: 0,
        }),
    });
    return () => setErrorPresenter(null);
  }, [message, notification, t]);

  return (
    <Suspense fallback={<PageSpin fullPage />}>
      <Outlet />
    </Suspense>
  );
}
