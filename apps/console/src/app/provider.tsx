import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { type ReactNode, useMemo, useSyncExternalStore } from 'react';
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

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function onMotionSettingChange(changed: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/** Whether the person asked their system for less motion (followed live: the setting can change while a page is open). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(onMotionSettingChange, () => window.matchMedia(REDUCED_MOTION).matches);
}

/**
 * Query client, antd theme and locale (following the i18n language, loaded with it). antd's App context (message,
 * notification, modal) is the root route's (layout/root-layout.tsx), which loads with the first screen.
 */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  // antd's opening and closing animations are off for someone who asked for reduced motion
  const reducedMotion = usePrefersReducedMotion();
  const themed = useMemo<ThemeConfig>(
    () => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [reducedMotion],
  );
  return (
    <ConfigProvider locale={antdLocale(language)} theme={themed}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
