import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocale } from '../i18n';
import { DEFAULT_LANGUAGE, parseLanguage } from '../i18n/language';

const theme: ThemeConfig = {
  token: {
    colorPrimary: '#3b5bdb',
    colorLink: '#3b5bdb',
    borderRadius: 8,
    colorBgLayout: '#f5f7fb',
    fontFamily:
      "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Microsoft YaHei', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerPadding: '0 20px' },
    Menu: { itemBorderRadius: 6, itemMarginInline: 8 },
  },
};

/** Query client, antd theme and locale (following the i18n language, loaded with it) and antd's App context. */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  return (
    <ConfigProvider locale={antdLocale(language)} theme={theme}>
      <AntApp>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
