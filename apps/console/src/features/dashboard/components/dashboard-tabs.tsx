import {
  AppstoreOutlined,
  BarChartOutlined,
  ControlOutlined,
  FolderOutlined,
  GlobalOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Tabs } from 'antd';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { dashboardTabsFor, type DashboardTab } from '@beacon/shared';
import { activeDashboardTab, DASHBOARD_TAB_LABELS, DASHBOARD_TAB_TARGETS } from '../lib/dashboard-tabs';

const ICONS: Record<DashboardTab, ReactNode> = {
  apps: <AppstoreOutlined />,
  groups: <FolderOutlined />,
  platform: <ControlOutlined />,
  users: <TeamOutlined />,
  statistics: <BarChartOutlined />,
  appsettings: <SettingOutlined />,
  globalsettings: <GlobalOutlined />,
};

/** The dashboard's tab bar: the tabs this user level sees, each leading to its route. */
export function DashboardTabs({ ulevel }: { ulevel: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const tabs = dashboardTabsFor(ulevel);
  const active = activeDashboardTab(pathname, search);

  return (
    <div data-testid="dashboard-tabs">
      <Tabs
        activeKey={active}
        onChange={(key) => void navigate(DASHBOARD_TAB_TARGETS[key as DashboardTab])}
        items={tabs.map((tab) => ({ key: tab, label: t(DASHBOARD_TAB_LABELS[tab]), icon: ICONS[tab] }))}
        tabBarStyle={{ marginBottom: 0 }}
        size="large"
      />
    </div>
  );
}
