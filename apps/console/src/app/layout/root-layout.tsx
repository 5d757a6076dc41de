import { App } from 'antd';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useSearchParams } from 'react-router';
import { PageSpin } from '../../components/page-spin';
import { setLanguage } from '../../i18n';
import { parseLanguage } from '../../i18n/language';
import { isApiError } from '../../lib/api-error';
import { setErrorPresenter } from '../../lib/error-reporter';

/**
 * The root route: antd's App context (message, notification, modal) for every screen, a `lang` query parameter applied
 * on any page, reported errors shown with antd. A lazy route (router.tsx): antd's App, with its modal and everything
 * that pulls in, loads with the first screen's chunks, not with the entry.
 */
export default function RootLayout() {
  return (
    <App>
      <Root />
    </App>
  );
}

function Root() {
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
