import { z } from 'zod';
import { MultiLangEntry } from './notification-content';

/**
 * The pieces that the rows of a parent message's children share (an A/B arm, a journey step, a group send's child in
 * another app): each list row adds its own fields around them.
 */

/** A message's own counters as its list row shows them (spec: pushCount, targetCount, … click). */
export const MESSAGE_FIGURES = {
  pushCount: z.number().int(),
  targetCount: z.number().int(),
  dispatchCount: z.number().int(),
  arriveAll: z.number().int(),
  show: z.number().int(),
  click: z.number().int(),
};

/** A child message's content as the parent's rows and detail show it. */
export const CHILD_CONTENT = {
  msgType: z.number().int(),
  status: z.number().int(),
  data: z.record(z.string(), z.unknown()),
  multiLangEnable: z.boolean(),
  multiLangContent: z.array(MultiLangEntry),
  /** 1 when the child's content came from the AI assistant */
  contentCreateType: z.number().int(),
};
