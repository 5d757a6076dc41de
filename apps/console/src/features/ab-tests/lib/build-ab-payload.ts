import {
  AB_TEST_TYPE,
  AB_WINNER_LIMITS,
  MessageType,
  type AbWinnerSettings,
  type AbTestSaveInput,
  type MessageSaveInput,
  aiWritten,
  ContentCreator,
} from '@beacon/shared';
import { buildMessageSave, type ComposeContext } from '../../../message-editor';
import {
  ARM_TAGS,
  armMessage,
  armPercent,
  type AbSharedValues,
  type ArmValues,
  type WinnerValues,
} from './ab-values';
import { subConfigData } from './sub-config';

/** What the payload needs beyond the forms: the compose context (`id` the test's, on edit) and the arms' ids. */
export interface AbContext extends Omit<ComposeContext, 'kind' | 'materialId'> {
  /** The arms' message ids, A, B, C… on edit (a variant added on edit has none: the server creates it). */
  armIds?: readonly (number | undefined)[] | undefined;
}

/** The compose kind of the arms. */
export const kindOfTest = (shared: Pick<AbSharedValues, 'abMsgType'>) =>
  shared.abMsgType === MessageType.PASS_THROUGH ? ('cross' as const) : ('notification' as const);

/** The compose context of an arm's message: the arms' kind, and never the test's id. */
export const armContext = (shared: AbSharedValues, ctx: AbContext): ComposeContext => ({
  app: ctx.app,
  estimate: ctx.estimate,
  now: ctx.now,
  kind: kindOfTest(shared),
});

/**
 * One arm as msg/save would take it (the test send of an arm, and the arms of the test's payload); a notification
 * arm's data with the test's sub-config (channel, group, and for the custom design the layout number).
 */
export function buildArmMessage(shared: AbSharedValues, arm: ArmValues, ctx: AbContext): MessageSaveInput {
  const message = buildMessageSave(armMessage(shared, arm), armContext(shared, ctx));
  if (kindOfTest(shared) !== 'notification') return message;
  return { ...message, data: { ...message.data, ...subConfigData(shared, arm.design) } };
}

/**
 * How the test picks its winner (AbWinnerSettings): with the manual choice the hours are not used, so an empty or
 * unfinished entry falls back to the default rather than blocking the save.
 */
export function winnerSettings(v: WinnerValues): AbWinnerSettings {
  const h = v.winnerHours;
  const inRange =
    typeof h === 'number' &&
    Number.isInteger(h) &&
    h >= AB_WINNER_LIMITS.hoursMin &&
    h <= AB_WINNER_LIMITS.hoursMax;
  return {
    auto: v.winnerAuto === true,
    // automatic: the hours as entered (validateAb has checked them); manual: unused, any valid value
    afterHours:
      v.winnerAuto || v.winnerBandit || inRange
        ? (h ?? AB_WINNER_LIMITS.hoursDefault)
        : AB_WINNER_LIMITS.hoursDefault,
    early: v.winnerEarly !== false,
    bandit: v.winnerBandit === true,
  };
}

/**
 * The abtest/create payload (AbTestSave): the test's description, targeting and settings as msg/save takes them, its
 * 2–8 arms A, B, C… of the chosen type, each with its content, languages and schedule and the variant share, and how
 * it picks its winner.
 */
export function buildAbTestSave(
  shared: AbSharedValues,
  arms: readonly ArmValues[],
  ctx: AbContext,
): AbTestSaveInput {
  const messages = arms.map((arm) => buildArmMessage(shared, arm, ctx));
  const [first] = messages;
  if (!first) throw new Error('an A/B test has at least two arms');
  const {
    msgType: _type,
    data: _data,
    scheduleType: _scheduleType,
    scheduleDate: _scheduleDate,
    scheduleUTC: _scheduleUTC,
    multiLangEnable: _multiLangEnable,
    multiLangContent: _multiLangContent,
    pushCount: _pushCount,
    // each arm says whether its content came from AI: the test does not
    contentCreateType: _contentCreateType,
    ...settings
  } = first;
  const groupPercent = armPercent(shared.abPercent);
  return {
    ...(ctx.id ? { id: ctx.id } : {}),
    ...settings,
    msgType: AB_TEST_TYPE,
    childMsgs: messages.map((m, i) => {
      const id = ctx.armIds?.[i];
      return {
        ...(id ? { id } : {}),
        msgType: m.msgType,
        groupTag: ARM_TAGS[i] ?? 'A',
        groupPercent,
        scheduleType: m.scheduleType,
        ...(m.scheduleDate ? { scheduleDate: m.scheduleDate } : {}),
        scheduleUTC: m.scheduleUTC,
        multiLangEnable: m.multiLangEnable,
        multiLangContent: m.multiLangContent,
        data: m.data,
        ...(aiWritten(m) ? { contentCreateType: ContentCreator.AI } : {}),
      };
    }),
    winner: winnerSettings(shared),
  };
}
