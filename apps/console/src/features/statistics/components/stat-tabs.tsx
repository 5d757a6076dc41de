import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { carriedSearch } from '../lib/url';
import { appPath } from '../../../lib/paths';

export type StatScreen = 'project' | 'dimension' | 'user';
const SCREENS: readonly StatScreen[] = ['project', 'dimension', 'user'];

/** The statistics screens as tabs; moving between them keeps the range and the mode. */
export function StatTabs({ appId, active }: { appId: number; active: StatScreen }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <Tabs
      activeKey={active}
      aria-label={t('statistics.tabs.label')}
      onChange={(key) =>
        void navigate(appPath(appId, `statisticsData/${key}`, carriedSearch(new URLSearchParams(search))))
      }
      items={SCREENS.map((key) => ({ key, label: t(`statistics.tabs.${key}`) }))}
      style={{ marginBottom: 4 }}
    />
  );
}
