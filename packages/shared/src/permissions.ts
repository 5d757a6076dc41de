/** User levels (part 1 §6) and who sees which dashboard tab. */
export const UserLevel = { SUPER_ADMIN: 100, PLATFORM_ADMIN: 150, USER: 0 } as const;
export type UserLevelValue = (typeof UserLevel)[keyof typeof UserLevel];

/** Project levels on one app: a level-100 user acts as 100 on every app. */
export const ProjectLevel = {
  SUPER_ADMIN: 100,
  OWNER: 200,
  MANAGER: 300,
  OPERATOR: 400,
  TESTER: 500,
} as const;

export const UserSource = { INTERNAL: 1, EXTERNAL: 2 } as const;

export type DashboardTab =
  'apps' | 'groups' | 'platform' | 'users' | 'statistics' | 'appsettings' | 'globalsettings';

/** The dashboard tabs a user of this level sees, in display order. */
export function dashboardTabsFor(ulevel: number): DashboardTab[] {
  const tabs: DashboardTab[] = ['apps', 'groups'];
  if (ulevel === UserLevel.SUPER_ADMIN || ulevel === UserLevel.PLATFORM_ADMIN) tabs.push('platform');
  if (ulevel === UserLevel.SUPER_ADMIN) tabs.push('users', 'statistics', 'appsettings', 'globalsettings');
  return tabs;
}

/**
 * Whether the user holds the level-100 screens and calls (part 1 §2: Users, Dashboard with its server alerts, App
 * Settings, Global Settings with the daily settings tab of /platformsettings): a platform admin (150) does not.
 */
export function isSuperAdmin(ulevel: number): boolean {
  return ulevel === UserLevel.SUPER_ADMIN;
}

/** Whether the user may manage administrators (/users): level 100 only. */
export function canManageUsers(ulevel: number): boolean {
  return ulevel === UserLevel.SUPER_ADMIN;
}

/**
 * Whether the message detail asks for a message's funnel (part 2 §2 "Funnel data is requested only for user scope view
 * level 100"): the reader's project level on the app is 100. Other levels read the message's own figures (the list
 * row's) instead; the route itself stays open to every member (docs/statistics.md).
 */
export function canSeeFunnel(projectLevel: number): boolean {
  return projectLevel === ProjectLevel.SUPER_ADMIN;
}

/** Whether this user may change their own password: local (external) accounts only. */
export function canChangeOwnPassword(source: number): boolean {
  return source === UserSource.EXTERNAL;
}

/**
 * Route permissions of the app area (part 1 §2): the project levels that may open each `section/screen`. A screen
 * missing here declares no list, so every level may open it.
 */
export const ROUTE_LEVELS: Readonly<Record<string, readonly number[]>> = {
  'config/forbid': [100, 200, 300, 400],
  'config/tagconfig': [100, 200, 300, 400],
  'config/tagconfigedit': [100, 200, 300, 400],
  'config/tagmanagement': [100, 200, 300, 400],
  'config/editgroup': [100, 200, 300],
  'config/group': [100, 200, 300],
  'config/project': [100, 200],
  'config/sensitive': [100, 200, 300, 400],
  'statisticsData/project': [100, 200, 300, 400],
  'statisticsData/dimension': [100, 200, 300, 400],
  'statisticsData/user': [100, 200, 300, 400],
  'material/list': [100, 200, 300, 400],
  'material/audit': [100, 200, 300, 400],
  'material/recycle': [100, 200, 300, 400],
  'material/create': [100, 200, 300, 400],
  'data/review': [100, 200, 300, 400],
};

/** What of the app the route rules look at. */
export interface RouteAppState {
  reviewEnable: boolean;
}

/**
 * Whether a user of project `level` may see the screen `path` (`section/screen`): true when the route declares no
 * list or its list holds the level; the review records also need the app's review switch on.
 */
export function canSeeRoute(path: string, level: number, app?: RouteAppState): boolean {
  if (path === 'data/review' && app && !app.reviewEnable) return false;
  const levels = ROUTE_LEVELS[path];
  return levels === undefined || levels.includes(level);
}

/**
 * The route guard of part 1 §2: where a user of `level` who may not open `path` is sent (a `section/screen` path),
 * or undefined when the screen may be shown. Outside config: message/editpush; inside config: levels 500 and 400
 * go to message/editpush and 300 to config/group.
 */
export function guardRedirect(path: string, level: number, app?: RouteAppState): string | undefined {
  if (canSeeRoute(path, level, app)) return undefined;
  if (path.startsWith('config/') && level === ProjectLevel.MANAGER) return 'config/group';
  return 'message/editpush';
}

/** Who may delete an app, reveal its secret or rotate it: its owner (200) and super admins (100). */
export function canManageAppSecrets(projectLevel: number): boolean {
  return projectLevel === ProjectLevel.SUPER_ADMIN || projectLevel === ProjectLevel.OWNER;
}

/** Team (part 1 §5, §6): the levels a teammate may be given, and who may do what on the team screen. */
export const ASSIGNABLE_TEAM_LEVELS = [
  ProjectLevel.MANAGER,
  ProjectLevel.OPERATOR,
  ProjectLevel.TESTER,
] as const;
/** Invite, re-invite, cancel an invitation, edit a role, change the owner: 100 and the owner 200. */
export const TEAM_ADMIN_LEVELS = [ProjectLevel.SUPER_ADMIN, ProjectLevel.OWNER] as const;
/** Delete a member (never the owner row): 100, 200 and managers 300. */
export const TEAM_DELETE_LEVELS = [
  ProjectLevel.SUPER_ADMIN,
  ProjectLevel.OWNER,
  ProjectLevel.MANAGER,
] as const;

/** Whether a user of project `level` may invite, re-invite, cancel, edit roles and change the owner. */
export function canAdministerTeam(level: number): boolean {
  return (TEAM_ADMIN_LEVELS as readonly number[]).includes(level);
}

/** Whether a user of project `level` may delete the member row of level `rowLevel` (the owner row never). */
export function canDeleteMember(level: number, rowLevel: number): boolean {
  return rowLevel !== ProjectLevel.OWNER && (TEAM_DELETE_LEVELS as readonly number[]).includes(level);
}
