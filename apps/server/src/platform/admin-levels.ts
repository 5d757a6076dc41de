import { UserLevel } from '@beacon/shared';

/** Platform administration (issue 5 item 9): levels 100 and 150 only; everyone else gets 1002. */
export const PLATFORM_ADMIN_LEVELS = [UserLevel.SUPER_ADMIN, UserLevel.PLATFORM_ADMIN] as const;

/** Whether a user level may administer platform policies. */
export function isPlatformAdmin(ulevel: number): boolean {
  return (PLATFORM_ADMIN_LEVELS as readonly number[]).includes(ulevel);
}
