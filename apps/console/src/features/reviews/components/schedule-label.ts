import { type TFunction } from 'i18next';
import { type ReviewSchedule } from '../lib/review-item';

/** An item's schedule in words: "Now", "2030-01-01 10:00 (UTC+08:00)", or the date in each device's local time. */
export function scheduleLabel(t: TFunction, s: ReviewSchedule): string {
  if (s.kind === 'now') return t('reviews.schedule.now');
  if (s.kind === 'local') return t('reviews.schedule.local', { date: s.date });
  return t('reviews.schedule.at', { date: s.date, zone: s.zone });
}
