import {
  ErrorCodes,
  MessageStatus as S,
  MessageType,
  ScheduleType,
  TargetingType,
  type TransactionalSend,
  type TransactionalSent,
} from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import type { AppRecord } from '../apps';
import type { MessageWriter } from './message-writer.repository';
import type { MessagesRepository } from './messages.repository';
import type { MessagesService } from './messages.service';

/** The statuses of a message that has not passed review: its content is not sent by a transactional send. */
const NOT_PASSED: readonly number[] = [
  S.PENDING_REVIEW,
  S.REVIEW_REJECTED,
  S.AWAITING_AUDIT,
  S.INVALID,
  S.DELETED,
  S.DELETED_ALT,
];
const SENDABLE_TYPES: readonly number[] = [MessageType.NOTIFICATION, MessageType.PASS_THROUGH];

/**
 * Transactional sends (issue 33 §6): a saved message's content, now, to listed devices. The send is a new messages row
 * (`transactional_of` the source) targeting those devices, scheduled as a reviewed message is (MessagesService
 * .startReviewed): the engine applies the same policies, per-device limits, speed limit and FCM quota, and counts its
 * dispatches and losses under its own id, so targeted = dispatched + Σ losses holds for it as for any message. Ids that
 * are no device of the app are answered in `unknownGaids` and are not part of the send.
 */
export class TransactionalService {
  constructor(
    private readonly deps: {
      repo: MessagesRepository;
      writer: MessageWriter;
      messages: MessagesService;
    },
  ) {}

  async send(
    app: AppRecord,
    input: TransactionalSend,
    actor: { id: number; email: string },
  ): Promise<TransactionalSent> {
    const source = await this.deps.repo.find(app.id, input.msgId);
    if (!source) throw new ApiError(ErrorCodes.NOT_FOUND);
    if (!SENDABLE_TYPES.includes(source.msgType))
      throw fieldError('msgId', 'must be a notification or a cross message');
    if (NOT_PASSED.includes(source.status))
      throw fieldError('msgId', 'has not passed review: only a reviewed message is sent');
    let listed: string[];
    let unknownGaids: string[] = [];
    if (input.to.userId !== undefined) {
      // the user's devices now (a device that signed out or in to another user meanwhile is not theirs)
      listed = await this.deps.repo.gaidsOfUser(app.id, input.to.userId);
      if (listed.length === 0) throw fieldError('to.userId', 'names no user with a device of this app');
    } else {
      const gaids = [...new Set(input.to.gaids ?? [])];
      const known = await this.deps.repo.knownGaids(app.id, gaids);
      listed = gaids.filter((g) => known.has(g));
      unknownGaids = gaids.filter((g) => !known.has(g));
      if (listed.length === 0) throw fieldError('to.gaids', 'lists no device of this app');
    }
    const materialCountries = await this.deps.repo.materialCountriesOf(source.id);
    const id = await this.deps.writer.insert({
      appId: app.id,
      msgType: source.msgType,
      status: S.WAITING,
      title: source.title,
      ownerId: actor.id,
      ownerEmail: actor.email,
      data: source.data,
      targetingType: TargetingType.DEVICES,
      conditions: [],
      groupId: null,
      userIds: listed,
      pushCount: listed.length,
      targetCount: listed.length,
      scheduleType: ScheduleType.NOW,
      scheduleLocal: null,
      scheduleAt: null,
      scheduleUtc: source.scheduleUtc,
      ttlSeconds: source.ttlSeconds,
      speedLimit: source.speedLimit,
      restrictType: source.restrictType,
      displayPrior: source.displayPrior,
      multiLangEnable: source.multiLangEnable,
      multiLangContent: source.multiLangContent,
      materialId: source.materialId,
      materialCountries,
      parentMsgId: null,
      contentCreateType: source.contentCreateType,
      transactionalOf: source.id,
    });
    await this.deps.messages.startReviewed(id, {
      type: ScheduleType.NOW,
      local: null,
      zone: source.scheduleUtc,
    });
    return { msgId: id, targeted: listed.length, unknownGaids };
  }
}
