import { z } from 'zod';
import { defineCall } from '../call';
import { GAID_PATTERN } from '../limits';
import { numberInput } from '../numbers';
import { AppIdParams } from './apps';
import { singleLineText } from '../text';
import { ATTRIBUTE_LIMITS } from './user-attributes';

/**
 * Transactional sends (issue 33 §6): "send message M to these devices (or to this user's devices) now", from the operator's own systems (an API
 * key of scope `send`) or a console user. The send is a new message with M's content, targeting the listed devices,
 * scheduled now, through the same engine as every message: the same policies, limits and losses, and statistics of
 * its own (its `msgId`). M must be a notification or cross message of the app that passed review.
 */

export const TRANSACTIONAL_LIMITS = { gaidsMax: 1000 } as const;

const gaid = z
  .string('must be an advertising id: 8-4-4-4-12 hexadecimal digits')
  .trim()
  .regex(GAID_PATTERN, 'must be an advertising id: 8-4-4-4-12 hexadecimal digits')
  .transform((g) => g.toLowerCase());

export const TransactionalTarget = z
  .object({
    gaids: z
      .array(gaid)
      .min(1, 'must list at least one advertising id')
      .max(
        TRANSACTIONAL_LIMITS.gaidsMax,
        `must list at most ${TRANSACTIONAL_LIMITS.gaidsMax} advertising ids`,
      )
      .optional(),
    /** an app user's external id (POST /sdk/v1/user): every device that user is signed in on */
    userId: singleLineText({ required: true, max: ATTRIBUTE_LIMITS.externalIdMax }).optional(),
  })
  .superRefine((to, ctx) => {
    if (to.userId !== undefined && to.gaids !== undefined)
      ctx.addIssue({ code: 'custom', path: ['userId'], message: 'must not be given with gaids' });
    else if (to.userId === undefined && to.gaids === undefined)
      ctx.addIssue({ code: 'custom', path: ['gaids'], message: 'is required' });
  });

export const TransactionalSend = z.object({
  /** the message whose content is sent */
  msgId: numberInput(z.number().int().positive()),
  to: TransactionalTarget,
});
export type TransactionalSend = z.output<typeof TransactionalSend>;
export type TransactionalSendInput = z.input<typeof TransactionalSend>;

export const TransactionalSent = z.object({
  /** the send's own message: its detail and statistics are read with this id */
  msgId: z.number().int(),
  /** the listed devices of the app (distinct): the send's audience, `targetCount` of its statistics */
  targeted: z.number().int(),
  /** listed ids that are no device of the app: not part of the send, not counted as a loss */
  unknownGaids: z.array(z.string()),
});
export type TransactionalSent = z.infer<typeof TransactionalSent>;

export const transactionalCalls = {
  send: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/transactional/send',
    summary:
      'Send an existing message’s content now to up to 1000 devices (gaids); a new message with statistics of its own',
    params: AppIdParams,
    body: TransactionalSend,
    data: TransactionalSent,
  }),
};
