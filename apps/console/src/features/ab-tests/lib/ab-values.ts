import { AB_TAGS, AB_WINNER_LIMITS, MessageType, type AbTag, type MessageDetail } from '@beacon/shared';
import { composeFromDetail, emptyCompose, type ComposeValues, type FieldName } from '../../../message-editor';
import { EMPTY_SUB_CONFIG, subConfigFromArms, type SubConfigValues } from './sub-config';

/** The content type of an A/B test's arms (part 2 §2): 1 notification, 2 cross (transparent) data. */
export type AbContentType = typeof MessageType.NOTIFICATION | typeof MessageType.PASS_THROUGH;

/** The arms' tags, A, B, C… in order (a test of k variants uses the first k). */
export const ARM_TAGS = AB_TAGS;
export type ArmTag = AbTag;
/** An arm's place in the test: 0 for A, 1 for B… */
export type ArmIndex = number;

/** How the test picks its winner, as the form holds it (AbWinnerSettings; the hours empty while typed). */
export interface WinnerValues {
  /** false: the operator sends a variant to the rest (send to all); true: the server sends the winner itself. */
  winnerAuto: boolean;
  winnerHours: number | null;
  /** decide before the deadline when one variant is significantly best at AB_ALPHA_EARLY */
  winnerEarly: boolean;
  /** bandit mode: the variants' share in rounds, shifted toward the likely best (docs/ab-tests.md) */
  winnerBandit: boolean;
}

/** A new test's winner: the operator's choice; when switched to automatic, after the default hours, early looks on. */
export const DEFAULT_WINNER: WinnerValues = {
  winnerAuto: false,
  winnerHours: AB_WINNER_LIMITS.hoursDefault,
  winnerEarly: true,
  winnerBandit: false,
};

/**
 * The test's own form: its description, targeting and settings (a ComposeValues whose content and schedule are the
 * arms'), the arms' content type, each variant's share of the audience, how the winner is picked and, for
 * notifications, the sub-config written into the arms' data (sub-config.ts).
 */
export interface AbSharedValues extends ComposeValues, SubConfigValues, WinnerValues {
  abMsgType: AbContentType;
  /** Each variant's share of the audience, in percent (two decimals): all together at most 100 (abPercentMax). */
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

/** An arm's share: the variant share entered, to two decimals (AbArm.groupPercent); 0 without one. */
export function armPercent(share: number | null | undefined): number {
  return share && share > 0 ? Math.round(share * 100) / 100 : 0;
}

/** What k variants of `share` % take together, and what is left for the winner (both in percent, two decimals). */
export function shareSplit(share: number | null | undefined, arms: number): { total: number; rest: number } {
  const total = Math.round(armPercent(share) * arms * 100) / 100;
  return { total, rest: Math.max(0, Math.round((100 - total) * 100) / 100) };
}

/** The devices an arm is expected to reach: the audience estimate × its share. */
export function armDevices(estimate: number | undefined, percent: number): number | undefined {
  return estimate === undefined ? undefined : Math.round((estimate * percent) / 100);
}

/** The share each variant of a new test takes. */
export const DEFAULT_AB_PERCENT = 10;

export interface AbInitial {
  shared: AbSharedValues;
  /** A, B, C… in order: 2 to 8 (AB_LIMITS). */
  arms: [ArmValues, ArmValues, ...ArmValues[]];
}

/** A new test: notifications, everyone, two variants of 10 % each with the app's default small icon, manual winner. */
export function emptyAbTest(
  serverUTC: string,
  defaultIcon: { icon: string; color: string },
  forcedTargeting?: ComposeValues['targetingType'],
): AbInitial {
  const arm = (): ArmValues => ({
    ...emptyCompose(serverUTC),
    smallIcon: defaultIcon.icon,
    smallIconColor: defaultIcon.icon ? defaultIcon.color : '',
    groupPercent: DEFAULT_AB_PERCENT,
  });
  return {
    shared: {
      ...emptyCompose(serverUTC, forcedTargeting),
      abMsgType: MessageType.NOTIFICATION,
      abPercent: DEFAULT_AB_PERCENT,
      ...EMPTY_SUB_CONFIG,
      ...DEFAULT_WINNER,
    },
    arms: [arm(), arm()],
  };
}

/**
 * The variant added after `last`: a copy of its content, languages and schedule (the operator usually changes one
 * thing between variants), at the test's share.
 */
export function nextArm(last: ArmValues, share: number | null | undefined): ArmValues {
  return structuredClone({ ...last, groupPercent: armPercent(share) });
}

/** A saved test's winner settings as the form holds them. */
export const winnerValues = (w: {
  auto: boolean;
  afterHours: number;
  early: boolean;
  bandit?: boolean;
}): WinnerValues => ({
  winnerAuto: w.auto,
  winnerHours: w.afterHours,
  winnerEarly: w.early,
  winnerBandit: w.bandit === true,
});

/**
 * A saved test's forms, from its arms' messages, A, B, C… (msg/detail: each holds the test's settings and its own
 * content and schedule, with the zone the A/B detail lacks): `copy` drops the schedule dates (composeFromDetail); the
 * sub-config comes back from the arms' notification data; the winner settings from the A/B detail.
 */
export function abTestFromArms(
  title: string,
  arms: readonly MessageDetail[],
  groupPercent: number,
  act: 'edit' | 'copy',
  serverUTC: string,
  winner?: { auto: boolean; afterHours: number; early: boolean; bandit?: boolean },
): AbInitial {
  const [a, b, ...more] = arms;
  if (!a || !b) throw new Error('an A/B test has at least two arms');
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
      abPercent: groupPercent,
      ...(type === MessageType.NOTIFICATION ? subConfigFromArms(arms.map((m) => m.data)) : EMPTY_SUB_CONFIG),
      ...(winner ? winnerValues(winner) : DEFAULT_WINNER),
    },
    arms: [arm(a), arm(b), ...more.map(arm)],
  };
}
