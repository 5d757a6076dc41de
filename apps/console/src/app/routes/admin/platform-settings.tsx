import { Card, Tabs } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon';
import { PageSpin } from '../../../components/page-spin';
import { useLoginStatus } from '../../../features/auth/api/get-login-status';
import { PLATFORM_TABS, platformTabsFor, type PlatformTabKey } from './platform-tabs';

const DEFAULT_TAB: PlatformTabKey = 'statistics';

/** /platformsettings?tab=: the platform administrators' tabs (levels 100 and 150; daily settings: 100 only). */
export default function PlatformSettingsRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { data: user } = useLoginStatus();
  const tabs = platformTabsFor(user?.ulevel ?? 0);
  const raw = params.get('tab');
  const active = tabs.find((key) => key === raw) ?? DEFAULT_TAB;
  return (
    <Card>
      <Tabs
        activeKey={active}
        destroyOnHidden
        onChange={(key) => setParams({ tab: key })}
        items={tabs.map((key) => {
          const Body = PLATFORM_TABS[key];
          return {
            key,
            label: t(`platformTabs.${key}`),
            children: Body ? (
              <Suspense fallback={<PageSpin />}>
                <Body />
              </Suspense>
            ) : (
              <ComingSoon title={t(`platformTabs.${key}`)} />
            ),
          };
        })}
      />
    </Card>
  );
}
