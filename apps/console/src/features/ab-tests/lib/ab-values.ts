import { MessageType, type MessageDetail } from '@beacon/shared';
import { composeFromDetail, emptyCompose, type ComposeValues, type FieldName } from '../../../message-editor';
import { EMPTY_SUB_CONFIG, subConfigFromArms, type SubConfigValues } from './sub-config';

/** The content type of an A/B test's arms (part 2 §2): 1 notification, 2 cross (transparent) data. */
export type AbContentType = typeof MessageType.NOTIFICATION | typeof MessageType.PASS_THROUGH;

/** The arms' tags, A then B. */
export const ARM_TAGS = ['A', 'B'] as const;
export type ArmTag = (typeof ARM_TAGS)[number];
export type ArmIndex = 0 | 1;

/**
 * The test's own form: its description, targeting and settings (a ComposeValues whose content and schedule are the
 * arms'), the arms' content type, the share of the audience the test takes and, for notifications, the sub-config
 * written into the arms' data (sub-config.ts).
 */
export interface AbSharedValues extends ComposeValues, SubConfigValues {
  abMsgType: AbContentType;
  /** The test's share of the audience, in percent: each arm gets half of it (armPercent). */
  abPercent: number | null;
}

/** An arm's form: its content, languages and schedule (a ComposeValues whose targeting and settings are the test's). */
export interface ArmValues extends ComposeValues {
  /** The arm's share, in percent, as the test's share sets it (shown, and where the server's refusal of it goes). */
  groupPercent: number;
}

/** The fields an arm's form holds; every other field of a ComposeValues is the test's. */
const ARM_KEYS = [
  'design',
  'smallIcon',
  'smallIconColor',
  'icon',
  'button',
  'title',
  'desc',
  'exType',
  'exText',
  'exImage',
  'optionalIcon',
  'openType',
  'openContent',
  'buttons',
  'multiLang',
  'languages',
  'langContent',
  'crossJson',
  'enlivePackage',
  'enliveActivity',
  'enliveJson',
  'layoutId',
  'scheduleType',
  'scheduleDate',
  'scheduleUTC',
  // whether the arm's own content came from the AI assistant (each arm has its own AssistantButton)
  'contentCreateType',
] as const satisfies ReadonlyArray<keyof ComposeValues>;

/** Whether a field (its name's first part) is an arm's. */
export const isArmField = (name: FieldName): boolean =>
  name[0] === 'groupPercent' || (ARM_KEYS as readonly string[]).includes(String(name[0]));

function pick<T, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) out[key] = from[key];
  return out;
}

/** An arm as one message: its content, languages and schedule with the test's description, targeting and settings. */
export function armMessage(shared: AbSharedValues, arm: ComposeValues): ComposeValues {
  return { ...shared, ...pick(arm, ARM_KEYS) };
}

/** An arm's share: half the test's, to two decimals (AbArm.groupPercent); 0 without one. */
export function armPercent(total: number | null | undefined): number {
  return total && total > 0 ? Math.round(total * 50) / 100 : 0;
}

/** The devices an arm is expected to reach: the audience estimate × its share. */
export function armDevices(estimate: number | undefined, percent: number): number | undefined {
  return estimate === undefined ? undefined : Math.round((estimate * percent) / 100);
}

/** The share a new test takes (10 % per arm). */
export const DEFAULT_AB_PERCENT = 20;

export interface AbInitial {
  shared: AbSharedValues;
  arms: [ArmValues, ArmValues];
}

/** A new test: notifications, everyone, 20 % (10 % per arm), each arm now with the app's default small icon. */
export function emptyAbTest(
  serverUTC: string,
  defaultIcon: { icon: string; color: string },
  forcedTargeting?: ComposeValues['targetingType'],
): AbInitial {
  const arm = (): ArmValues => ({
    ...emptyCompose(serverUTC),
    smallIcon: defaultIcon.icon,
    smallIconColor: defaultIcon.icon ? defaultIcon.color : '',
    groupPercent: armPercent(DEFAULT_AB_PERCENT),
  });
  return {
    shared: {
      ...emptyCompose(serverUTC, forcedTargeting),
      abMsgType: MessageType.NOTIFICATION,
      abPercent: DEFAULT_AB_PERCENT,
      ...EMPTY_SUB_CONFIG,
    },
    arms: [arm(), arm()],
  };
}

/**
 * A saved test's forms, from its arms' messages (msg/detail: each holds the test's settings and its own content and
 * schedule, with the zone the A/B detail lacks): `copy` drops the schedule dates (composeFromDetail); the sub-config
 * comes back from the arms' notification data.
 */
export function abTestFromArms(
  title: string,
  arms: readonly [MessageDetail, MessageDetail],
  groupPercent: number,
  act: 'edit' | 'copy',
  serverUTC: string,
): AbInitial {
  const [a, b] = arms;
  const type: AbContentType =
    a.msgType === MessageType.PASS_THROUGH ? MessageType.PASS_THROUGH : MessageType.NOTIFICATION;
  const arm = (m: MessageDetail): ArmValues => ({
    ...composeFromDetail(m, act, serverUTC),
    groupPercent,
  });
  return {
    shared: {
      ...composeFromDetail(a, act, serverUTC),
      description: title,
      abMsgType: type,
      abPercent: Math.round(groupPercent * 200) / 100,
      ...(type === MessageType.NOTIFICATION ? subConfigFromArms([a.data, b.data]) : EMPTY_SUB_CONFIG),
    },
    arms: [arm(a), arm(b)],
  };
}
