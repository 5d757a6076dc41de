import {
  BarChartOutlined,
  FileTextOutlined,
  PictureOutlined,
  SendOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Layout, Menu, type MenuProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canSeeRoute, LIMITS, type RouteAppState } from '@beacon/shared';
import { safeStorage } from '../../lib/storage';
import { APP_MENU, menuGroupFor, menuKeyFor, type MenuGroup } from './app-menu';
import { HEADER_HEIGHT } from './app-header';
import { visibleMenu } from './visible-menu';
import { appPath } from '../../lib/paths';

const COLLAPSED_KEY = 'beacon.sidebarCollapsed';

const ICONS: Record<MenuGroup['icon'], ReactNode> = {
  message: <SendOutlined />,
  records: <FileTextOutlined />,
  analytics: <BarChartOutlined />,
  materials: <PictureOutlined />,
  settings: <SettingOutlined />,
};

interface Props {
  appId: string;
  screenPath: string;
  /** The user's project level on the app: entries whose route excludes it are hidden. */
  level: number;
  app: RouteAppState;
}

/**
 * Open, a label longer than the 200 px takes a second line instead of ending in "…": French's "Envoi de messages",
 * "Bibliothèque de contenus" and "Paramètres de l'application" did (antd's inline menu keeps one line of 40 px).
 */
const WRAP_LABELS = `.app-sidebar:not(.ant-layout-sider-collapsed) .ant-menu-inline .ant-menu-item,
.app-sidebar:not(.ant-layout-sider-collapsed) .ant-menu-inline .ant-menu-submenu-title {
  height: auto; min-height: 40px; line-height: 20px; padding-block: 10px; white-space: normal;
}
.app-sidebar:not(.ant-layout-sider-collapsed) .ant-menu-inline .ant-menu-title-content {
  white-space: normal; overflow: visible; text-overflow: clip; overflow-wrap: anywhere;
}`;

/** The app area's collapsible menu (200 px open, 64 px collapsed; the state is stored locally). */
export function AppSidebar({ appId, screenPath, level, app }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useState(() => safeStorage.get(COLLAPSED_KEY) === '1');
  const selected = menuKeyFor(screenPath);
  const group = menuGroupFor(selected);
  const [openKeys, setOpenKeys] = useState<string[]>(() => (group ? [group] : ['message']));

  // the whole name on hover too (collapsed, the menu's own tooltip shows it). antd wraps an item's label in its title
  // span, but not a group's title when it is an element: that one takes the class itself, or it runs over the arrow
  const label = (key: string, group = false) =>
    collapsed ? (
      t(key)
    ) : (
      <span title={t(key)} className={group ? 'ant-menu-title-content' : undefined}>
        {t(key)}
      </span>
    );
  const items: MenuProps['items'] = visibleMenu(APP_MENU, (path) => canSeeRoute(path, level, app)).map(
    (entry) =>
      entry.children
        ? {
            key: entry.key,
            icon: ICONS[entry.icon],
            label: label(entry.labelKey, true),
            children: entry.children.map((leaf) => ({ key: leaf.path, label: label(leaf.labelKey) })),
          }
        : { key: entry.path ?? entry.key, icon: ICONS[entry.icon], label: label(entry.labelKey) },
  );

  const handleCollapse = (next: boolean) => {
    setCollapsed(next);
    safeStorage.set(COLLAPSED_KEY, next ? '1' : '0');
  };

  return (
    <Layout.Sider
      className="app-sidebar"
      theme="light"
      collapsible
      collapsed={collapsed}
      onCollapse={handleCollapse}
      width={LIMITS.sidebarOpenPx}
      collapsedWidth={LIMITS.sidebarCollapsedPx}
      // sticky under the header: the menu stays in view while a long screen (compose) scrolls
      style={{
        borderInlineEnd: '1px solid #eef0f4',
        position: 'sticky',
        top: HEADER_HEIGHT,
        height: `calc(100vh - ${HEADER_HEIGHT}px)`,
        overflowY: 'auto',
      }}
      data-testid="app-sidebar"
    >
      <style>{WRAP_LABELS}</style>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={[selected]}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={({ key }) => void navigate(appPath(appId, key))}
        style={{ borderInlineEnd: 'none', paddingTop: 8 }}
      />
    </Layout.Sider>
  );
}
