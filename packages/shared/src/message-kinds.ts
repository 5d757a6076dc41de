/**
 * The numbered kinds of a message (spec part 2 §3, §4): who it targets, when it is sent and what it carries, used by
 * server and console alike. The numbers are the wire format and the stored values; code names them.
 */

/** `targetingType`: who a message goes to. */
export const TargetingType = {
  /** every device of the app */
  EVERYONE: 0,
  /** the devices matching `conditions` */
  CONDITIONS: 1,
  /** the listed advertising ids (`userIds`) */
  DEVICES: 2,
  /** the conditions of a saved user group (`groupId`) */
  USER_GROUP: 3,
  /** the advertising ids of an uploaded `.txt` file (`fileOrigin`) */
  FILE_UPLOAD: 6,
  /** the advertising ids fetched from a file link (`fileLink`, `fileOrigin`) */
  FILE_LINK: 7,
} as const;
export type TargetingType = (typeof TargetingType)[keyof typeof TargetingType];

/** Every targeting type, in the order the console offers them. */
export const TARGETING_TYPES = [
  TargetingType.EVERYONE,
  TargetingType.CONDITIONS,
  TargetingType.DEVICES,
  TargetingType.USER_GROUP,
  TargetingType.FILE_UPLOAD,
  TargetingType.FILE_LINK,
] as const;

/** File targeting (6 uploaded file, 7 file link): the audience is a stored GAID list named by `fileOrigin`. */
export function isFileTargeting(
  type: number,
): type is typeof TargetingType.FILE_UPLOAD | typeof TargetingType.FILE_LINK {
  return type === TargetingType.FILE_UPLOAD || type === TargetingType.FILE_LINK;
}

/** The targeting types a tester (project level 500) may send with: an exact list of devices. */
export const TESTER_TARGETING: readonly TargetingType[] = [
  TargetingType.DEVICES,
  TargetingType.FILE_UPLOAD,
  TargetingType.FILE_LINK,
];

/** `scheduleType`: when a message is sent. */
export const ScheduleType = {
  /** at once */
  NOW: 1,
  /** once, at `scheduleDate` in the zone `scheduleUTC` */
  AT_TIME: 2,
  /** at `scheduleDate` in each device's local time (one wave per UTC offset) */
  LOCAL_TIME: 3,
  /** within the next 24 hours, at each device's best hour; a control share at once (best-hour.ts) */
  BEST_HOUR: 4,
} as const;
export type ScheduleType = (typeof ScheduleType)[keyof typeof ScheduleType];

/** `msgType`: what a message carries (`tcm_msg_type` of the push payload). */
export const MessageType = {
  /** a notification the SDK renders from the `noti_*` fields */
  NOTIFICATION: 1,
  /** a pass-through message: `trans_data` handed to the app */
  PASS_THROUGH: 2,
  /** an A/B test: the parent of two arms (messages of type 1 or 2 with `parentMsgId`); never sent itself */
  AB_TEST: 4,
  /** a journey (canvas): the parent of its steps (messages of type 1 or 2 with `parentMsgId`); never sent itself */
  CANVAS: 9,
  /** a test preview sent to test devices (not listed) */
  PREVIEW: 98,
  /** the recall of a sent message (`tcm_target_msg_id`; not listed) */
  RECALL: 99,
} as const;
export type MessageType = (typeof MessageType)[keyof typeof MessageType];
