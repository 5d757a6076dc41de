import { z } from 'zod';
import { TargetingType } from '../message-kinds';
import { MESSAGE_FIGURES } from './child-rows';

/**
 * App-group sends (spec part 2 §3 multi-app entry and groupCounts, §4 group actions; issue 13 item 3): one message
 * composed in an app goes to the other apps of one of its app groups too. The message saved in the app it was composed
 * in is the parent; each other app gets a child with the same content and targeting, its own expected push count,
 * and is delivered with that app's service account and quota. See docs/group-sends.md.
 */
export const GROUP_SEND_LIMITS = {
  /** other apps one send may add (an app group holds at most this many besides the composing app) */
  appsMax: 50,
} as const;

/**
 * What an app-group send may target: the same rule read in every app (everyone, conditions, advertising ids). A
 * saved user group belongs to one app, and a file's list is uploaded for one: those clear the apps picker.
 */
export const GROUP_SEND_TARGETING: readonly number[] = [
  TargetingType.EVERYONE,
  TargetingType.CONDITIONS,
  TargetingType.DEVICES,
];

export function groupSendTargets(targetingType: number): boolean {
  return GROUP_SEND_TARGETING.includes(targetingType);
}

/** One other app of a group send and the devices it should reach (setMsgSendCount's groupCounts entry). */
export const GroupCount = z.object({
  appId: z.number().int().positive(),
  pushCount: z.number().int('must be a whole number').positive('must be greater than 0'),
});
export type GroupCount = z.output<typeof GroupCount>;

/** A child of a group send as the parent's list row shows it (the other columns are the child's own row). */
export const GroupChildRow = z.object({
  msgId: z.number().int(),
  appId: z.number().int(),
  appTitle: z.string(),
  pkg: z.string(),
  status: z.number().int(),
  ...MESSAGE_FIGURES,
});
export type GroupChildRow = z.infer<typeof GroupChildRow>;

/** getMsgSendCount's answer per app of the group: the audience the targeting reaches there, or why it cannot send. */
export const GroupAppCount = z.object({
  appId: z.number().int(),
  pkg: z.string(),
  title: z.string(),
  /** the app the message is composed in */
  current: z.boolean(),
  /** level: the caller is not an owner (level ≤ 200) of it; review: its sends need review */
  blocked: z.enum(['level', 'review']).nullable(),
  /** the audience estimate (0 when blocked) */
  targetCount: z.number().int(),
  exact: z.boolean(),
});
export type GroupAppCount = z.infer<typeof GroupAppCount>;
