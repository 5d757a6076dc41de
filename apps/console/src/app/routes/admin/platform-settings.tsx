import { Card, Tabs } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon';
import { PageSpin } from '../../../components/page-spin';
import { PLATFORM_TAB_KEYS, PLATFORM_TABS, type PlatformTabKey } from './platform-tabs';

const DEFAULT_TAB: PlatformTabKey = 'statistics';

function isTab(value: string | null): value is PlatformTabKey {
  return (PLATFORM_TAB_KEYS as readonly string[]).includes(value ?? '');
}

/** /platformsettings?tab=: the platform administrators' tabs (levels 100 and 150). */
export default function PlatformSettingsRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const active = isTab(raw) ? raw : DEFAULT_TAB;
  return (
    <Card>
      <Tabs
        activeKey={active}
        destroyOnHidden
        onChange={(key) => setParams({ tab: key })}
        items={PLATFORM_TAB_KEYS.map((key) => {
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
