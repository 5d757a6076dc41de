import {
  AB_TEST_TYPE,
  MessageType,
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
  type ArmIndex,
  type ArmValues,
} from './ab-values';
import { subConfigData } from './sub-config';

/** What the payload needs beyond the forms: the compose context (`id` the test's, on edit) and the arms' ids. */
export interface AbContext extends Omit<ComposeContext, 'kind' | 'materialId'> {
  /** The arms' message ids, A then B, on edit. */
  armIds?: readonly [number, number] | undefined;
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
 * The abtest/create payload (AbTestSave): the test's description, targeting and settings as msg/save takes them, and
 * its arms A and B of the chosen type, each with its content, languages and schedule and half the test's share.
 */
export function buildAbTestSave(
  shared: AbSharedValues,
  arms: readonly [ArmValues, ArmValues],
  ctx: AbContext,
): AbTestSaveInput {
  const messages = arms.map((arm) => buildArmMessage(shared, arm, ctx));
  const [first] = messages;
  if (!first) throw new Error('an A/B test has two arms');
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
      const id = ctx.armIds?.[i as ArmIndex];
      return {
        ...(id ? { id } : {}),
        msgType: m.msgType,
        groupTag: ARM_TAGS[i as ArmIndex],
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
  };
}
