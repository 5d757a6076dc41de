/** The app area's screens (part 1 §2): menu groups, every known screen and each section's default. */
export interface MenuLeaf {
  path: string;
  labelKey: string;
}
export interface MenuGroup {
  key: string;
  labelKey: string;
  icon: 'message' | 'records' | 'analytics' | 'materials' | 'settings';
  /** A single-entry group links straight to its path. */
  path?: string;
  children?: MenuLeaf[];
}

export const APP_MENU: MenuGroup[] = [
  {
    key: 'message',
    labelKey: 'nav.messagePush',
    icon: 'message',
    children: [
      { path: 'message/editpush', labelKey: 'nav.notification' },
      { path: 'message/editcanvas', labelKey: 'nav.journey' },
      { path: 'message/editcross', labelKey: 'nav.transparent' },
      { path: 'message/editabtest', labelKey: 'nav.abTest' },
      { path: 'message/editpullup', labelKey: 'nav.pullUp' },
    ],
  },
  { key: 'data', labelKey: 'nav.records', icon: 'records', path: 'data/push' },
  { key: 'statisticsData', labelKey: 'nav.analytics', icon: 'analytics', path: 'statisticsData/project' },
  { key: 'material', labelKey: 'nav.materials', icon: 'materials', path: 'material/list' },
  {
    key: 'config',
    labelKey: 'nav.appSettings',
    icon: 'settings',
    children: [
      { path: 'troubleshooting/equipment', labelKey: 'nav.troubleshooting' },
      { path: 'config/group', labelKey: 'nav.userGroup' },
      { path: 'config/operate', labelKey: 'nav.team' },
      { path: 'config/project', labelKey: 'nav.appDetails' },
      { path: 'config/forbid', labelKey: 'nav.controlStrategy' },
      { path: 'config/sensitive', labelKey: 'sensitiveWords.menu' },
      { path: 'config/tagmanagement', labelKey: 'nav.labels' },
      { path: 'config/device', labelKey: 'nav.testDevices' },
      { path: 'config/icon', labelKey: 'nav.notificationIcon' },
    ],
  },
];

/** Every screen of /app/:appId, with the title its placeholder shows and the menu entry it highlights. */
export const APP_SCREENS: Record<string, { labelKey: string; menu?: string }> = {
  'message/editpush': { labelKey: 'nav.notification' },
  'message/editcross': { labelKey: 'nav.transparent' },
  'message/editabtest': { labelKey: 'nav.abTest' },
  'message/editpullup': { labelKey: 'nav.pullUp' },
  'message/editcanvas': { labelKey: 'nav.journey' },
  'data/push': { labelKey: 'screens.recordsPush' },
  'data/cross': { labelKey: 'screens.recordsCross', menu: 'data/push' },
  'data/abtest': { labelKey: 'screens.recordsAbTest', menu: 'data/push' },
  'data/review': { labelKey: 'screens.recordsReview', menu: 'data/push' },
  'data/canvas': { labelKey: 'screens.recordsJourney', menu: 'data/push' },
  'statisticsData/project': { labelKey: 'screens.analyticsApp' },
  'statisticsData/dimension': { labelKey: 'screens.analyticsDimension', menu: 'statisticsData/project' },
  'statisticsData/user': { labelKey: 'screens.analyticsUser', menu: 'statisticsData/project' },
  'material/list': { labelKey: 'screens.materialList' },
  'material/audit': { labelKey: 'screens.materialAudit', menu: 'material/list' },
  'material/recycle': { labelKey: 'screens.materialRecycle', menu: 'material/list' },
  'material/create': { labelKey: 'screens.materialCreate', menu: 'material/list' },
  'config/forbid': { labelKey: 'nav.controlStrategy' },
  'config/sensitive': { labelKey: 'sensitiveWords.menu' },
  'config/editgroup': { labelKey: 'screens.userGroupEdit', menu: 'config/group' },
  'config/group': { labelKey: 'nav.userGroup' },
  'config/project': { labelKey: 'nav.appDetails' },
  'config/operate': { labelKey: 'nav.team' },
  'config/tagconfig': { labelKey: 'screens.labelConfig', menu: 'config/tagmanagement' },
  'config/tagconfigedit': { labelKey: 'screens.labelEdit', menu: 'config/tagmanagement' },
  'config/tagmanagement': { labelKey: 'nav.labels' },
  'config/device': { labelKey: 'nav.testDevices' },
  'config/deviceedit': { labelKey: 'screens.testDeviceEdit', menu: 'config/device' },
  'config/icon': { labelKey: 'nav.notificationIcon' },
  'troubleshooting/equipment': { labelKey: 'nav.troubleshooting' },
};

/** The screen a bare section path opens. */
export const SECTION_DEFAULTS: Record<string, string> = {
  message: 'editpush',
  data: 'push',
  statisticsData: 'project',
  material: 'list',
  config: 'forbid',
  troubleshooting: 'equipment',
};

/** The menu entry to highlight for a screen path (`section/screen`). */
export function menuKeyFor(path: string): string {
  return APP_SCREENS[path]?.menu ?? path;
}

/** The menu group that holds a menu entry. */
export function menuGroupFor(path: string): string | undefined {
  return APP_MENU.find((group) => group.children?.some((leaf) => leaf.path === path))?.key;
}
