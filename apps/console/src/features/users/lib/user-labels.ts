import { type TFunction } from 'i18next';
import { UserLevel, UserSource } from '@beacon/shared';

/** 100 Super admin, 150 Platform admin, anything else User. */
export function levelLabel(t: TFunction, ulevel: number): string {
  if (ulevel === UserLevel.SUPER_ADMIN) return t('users.level.superAdmin');
  if (ulevel === UserLevel.PLATFORM_ADMIN) return t('users.level.platformAdmin');
  return t('users.level.user');
}

export function sourceLabel(t: TFunction, source: number): string {
  return source === UserSource.EXTERNAL ? t('users.source.external') : t('users.source.internal');
}

export const LEVEL_OPTIONS = [UserLevel.USER, UserLevel.SUPER_ADMIN, UserLevel.PLATFORM_ADMIN] as const;
export const SOURCE_OPTIONS = [UserSource.INTERNAL, UserSource.EXTERNAL] as const;
