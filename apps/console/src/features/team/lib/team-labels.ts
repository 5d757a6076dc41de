import { type TFunction } from 'i18next';
import { ASSIGNABLE_TEAM_LEVELS, ProjectLevel } from '@beacon/shared';

/** The name of a project level: 100 super admin, 200 owner, 300 manager, 400 operator, 500 tester. */
export function roleLabel(t: TFunction, ulevel: number): string {
  switch (ulevel) {
    case ProjectLevel.SUPER_ADMIN:
      return t('team.role.superAdmin');
    case ProjectLevel.OWNER:
      return t('team.role.owner');
    case ProjectLevel.MANAGER:
      return t('team.role.manager');
    case ProjectLevel.OPERATOR:
      return t('team.role.operator');
    case ProjectLevel.TESTER:
      return t('team.role.tester');
    default:
      return String(ulevel);
  }
}

/** What a role may do, in one line (shown under the role picker). */
export function roleHint(t: TFunction, ulevel: number): string {
  switch (ulevel) {
    case ProjectLevel.MANAGER:
      return t('team.roleHint.manager');
    case ProjectLevel.OPERATOR:
      return t('team.roleHint.operator');
    case ProjectLevel.TESTER:
      return t('team.roleHint.tester');
    default:
      return '';
  }
}

export const ROLE_COLORS: Record<number, string> = {
  [ProjectLevel.SUPER_ADMIN]: 'geekblue',
  [ProjectLevel.OWNER]: 'gold',
  [ProjectLevel.MANAGER]: 'blue',
  [ProjectLevel.OPERATOR]: 'cyan',
  [ProjectLevel.TESTER]: 'default',
};

/** The role picker's options (levels 300, 400, 500). */
export function roleOptions(t: TFunction) {
  return ASSIGNABLE_TEAM_LEVELS.map((value) => ({ value, label: roleLabel(t, value) }));
}
