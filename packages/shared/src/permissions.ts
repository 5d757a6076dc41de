/** User levels (part 1 §6) and who sees which dashboard tab. */
export const UserLevel = { SUPER_ADMIN: 100, PLATFORM_ADMIN: 150, USER: 0 } as const;
export type UserLevelValue = (typeof UserLevel)[keyof typeof UserLevel];

/** Project levels on one app: a level-100 user acts as 100 on every app. */
export const ProjectLevel = { SUPER_ADMIN: 100, OWNER: 200, MANAGER: 300, OPERATOR: 400, TESTER: 500 } as const;

export const UserSource = { INTERNAL: 1, EXTERNAL: 2 } as const;

export type DashboardTab = 'apps' | 'groups' | 'platform' | 'users' | 'statistics' | 'appsettings' | 'globalsettings';

/** The dashboard tabs a user of this level sees, in display order. */
export function dashboardTabsFor(ulevel: number): DashboardTab[] {
  const tabs: DashboardTab[] = ['apps', 'groups'];
  if (ulevel === UserLevel.SUPER_ADMIN || ulevel === UserLevel.PLATFORM_ADMIN) tabs.push('platform');
  if (ulevel === UserLevel.SUPER_ADMIN) tabs.push('users', 'statistics', 'appsettings', 'globalsettings');
  return tabs;
}

/** Whether the user may manage administrators (/users): level 100 only. */
export function canManageUsers(ulevel: number): boolean {
  return ulevel === UserLevel.SUPER_ADMIN;
}

/** Whether this user may change their own password: local (external) accounts only. */
export function canChangeOwnPassword(source: number): boolean {
  return source === UserSource.EXTERNAL;
}
