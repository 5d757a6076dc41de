import {
  canRecall,
  canStop,
  ErrorCodes,
  MessageStatus as S,
  MessageType,
  mayCancel,
  mayDelete,
  mayRecall,
  mayStop,
  ScheduleType,
  TargetingType as T,
  type ActionRow,
} from '@beacon/shared';
import { wallClockUtc } from '../../delivery/engine';
import { ApiError, fieldError } from '../../lib/api-error';
import type { AppRecord } from '../apps';
import { combinedStatus, isArm } from './ab-arms';
import type { MessageRecord } from './messages.repository';
import type {
  MessagesEnginePort,
  MessagesEngineRepositoryPort,
  MessagesRepositoryPort,
  MessageWriterPort,
} from './messages.ports';

interface Actor {
  id: number;
  email: string;
}

/** When a message's schedule falls (epoch ms): its instant, or a local-time wall clock read as UTC; null for now. */
function scheduledAt(m: Pick<MessageRecord, 'scheduleAt' | 'scheduleLocal'>): number | null {
  return m.scheduleAt ? m.scheduleAt.getTime() : m.scheduleLocal ? wallClockUtc(m.scheduleLocal) : null;
}

/**
 * The row actions of spec part 2 §4 — stop, cancel, recall, delete — refused by the shared rules the console hides
 * them with (packages/shared message-actions.ts). On an A/B test they act on its arms (and its "send to all"
 * child); an arm alone is never cancelled. The refusal codes tell why (already sent, recalled, paused, not started).
 */
export class MessageActionsService {
  private readonly now: () => Date;

  constructor(
    private readonly deps: {
      repo: MessagesRepositoryPort;
      writer: MessageWriterPort;
      engineRepo: MessagesEngineRepositoryPort;
      engine: () => Promise<MessagesEnginePort>;
      now?: () => Date;
    },
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  private async find(appId: number, id: number): Promise<MessageRecord> {
    const m = await this.deps.repo.find(appId, id);
    if (!m) throw new ApiError(ErrorCodes.NOT_FOUND);
    return m;
  }

  /** A message as the shared rules read it; an A/B test with its arms and the status they make. */
  private async row(m: MessageRecord): Promise<{ row: ActionRow; children: MessageRecord[] }> {
    const children = m.msgType === MessageType.AB_TEST ? await this.deps.repo.abChildren(m.id) : [];
    const arms = children.filter(isArm);
    const base = {
      msgType: m.msgType,
      status: m.msgType === MessageType.AB_TEST ? combinedStatus(arms, m.status) : m.status,
      scheduleType: m.scheduleType,
      scheduleDate: scheduledAt(m),
      targetingType: m.targetingType,
      parentMsgId: m.msgType === MessageType.RECALL ? null : m.parentMsgId,
    };
    if (m.msgType !== MessageType.AB_TEST) return { row: base, children };
    return {
      row: {
        ...base,
        children: arms.map((a) => ({
          msgType: a.msgType,
          status: a.status,
          scheduleType: a.scheduleType,
          scheduleDate: scheduledAt(a),
        })),
      },
      children,
    };
  }

  /** Stop sending: no new sends after it returns (an A/B test: each arm still sending or waiting). */
  async stop(appId: number, id: number): Promise<void> {
    const m = await this.find(appId, id);
    const { row, children } = await this.row(m);
    if (!mayStop(row, this.now().getTime()))
      throw new ApiError(
        row.status === S.SENT
          ? ErrorCodes.ALREADY_SENT
          : row.status === S.RECALLED
            ? ErrorCodes.ALREADY_RECALLED
            : [S.STOPPED, S.STOP_IN_PROCESS].includes(row.status as 3)
              ? ErrorCodes.ALREADY_PAUSED
              : ErrorCodes.NOT_STARTED,
      );
    if (m.msgType !== MessageType.AB_TEST) return this.stopOne(m);
    for (const c of children) if (canStop(c.status)) await this.stopOne(c);
  }

  private async stopOne(m: MessageRecord): Promise<void> {
    const engine = await this.deps.engine();
    engine.markStopping(m.id);
    await this.deps.engineRepo.cancelWaves(m.id);
    await this.deps.engineRepo.setStatus(m.id, m.status === S.SENDING ? S.STOP_IN_PROCESS : S.STOPPED, [
      m.status,
    ]);
    await engine.maybeFinish(m.id);
  }

  /** Cancel a message that has not started (an A/B test: both arms; an arm alone: never). */
  async cancel(appId: number, id: number): Promise<void> {
    const m = await this.find(appId, id);
    const { row, children } = await this.row(m);
    if (!mayCancel(row, this.now().getTime())) {
      if (row.parentMsgId) throw new ApiError(ErrorCodes.AB_NOT_ALLOWED);
      throw new ApiError(
        row.status === S.SENDING
          ? ErrorCodes.NOW_SENDING
          : row.status === S.SENT
            ? ErrorCodes.ALREADY_SENT
            : ErrorCodes.ALREADY_PAUSED,
      );
    }
    for (const c of m.msgType === MessageType.AB_TEST ? children : [m]) {
      await this.deps.engineRepo.cancelWaves(c.id);
      await this.deps.engineRepo.setStatus(c.id, S.STOPPED, [c.status]);
    }
    if (m.msgType === MessageType.AB_TEST) await this.deps.engineRepo.setStatus(m.id, S.STOPPED, [m.status]);
  }

  /**
   * Recall: a data message with tcm_target_msg_id to exactly the devices that got the notification (an A/B test
   * whose arms are notifications: every child that sent).
   */
  async recall(app: AppRecord, id: number, actor: Actor): Promise<void> {
    const m = await this.find(app.id, id);
    const { row, children } = await this.row(m);
    if (!mayRecall(row, this.now().getTime())) {
      if (
        m.msgType !== MessageType.NOTIFICATION &&
        m.msgType !== MessageType.AB_TEST &&
        [S.SENT, S.SENDING].includes(row.status as 1)
      )
        throw fieldError('msgType', 'only a notification can be recalled');
      throw new ApiError(
        [S.RECALLED, S.RECALLING].includes(row.status as 8)
          ? ErrorCodes.ALREADY_RECALLED
          : m.msgType === MessageType.AB_TEST
            ? ErrorCodes.AB_NOT_ALLOWED
            : ErrorCodes.NOT_STARTED,
      );
    }
    // a recall goes to the devices the send records say got the message: past the retention they are gone, and the
    // recall would reach nobody while saying it was sent
    const recalled = m.msgType === MessageType.AB_TEST ? children.filter((c) => canRecall(c.status)) : [m];
    for (const r of recalled)
      if (await this.deps.engineRepo.beyondRetention(r.id))
        throw new ApiError(ErrorCodes.RECALL_BEYOND_RETENTION);
    if (m.msgType !== MessageType.AB_TEST) return this.recallOne(app, m, actor);
    for (const c of recalled) await this.recallOne(app, c, actor);
  }

  private async recallOne(app: AppRecord, m: MessageRecord, actor: Actor): Promise<void> {
    const id = m.id;
    const engine = await this.deps.engine();
    if (m.status === S.SENDING || m.status === S.WAITING_LOCAL) {
      engine.markStopping(id);
      await this.deps.engineRepo.cancelWaves(id);
    }
    await this.deps.engineRepo.setStatus(id, S.RECALLING, [m.status]);
    const recallId = await this.deps.writer.insert({
      appId: app.id,
      msgType: MessageType.RECALL,
      status: S.SENDING,
      title: `Recall of ${id}`,
      ownerId: actor.id,
      ownerEmail: actor.email,
      data: {},
      targetingType: T.DEVICES,
      conditions: [],
      groupId: null,
      userIds: [],
      pushCount: 1,
      targetCount: 0,
      scheduleType: ScheduleType.NOW,
      scheduleLocal: null,
      scheduleAt: null,
      scheduleUtc: '+0000',
      ttlSeconds: m.ttlSeconds,
      speedLimit: 0,
      restrictType: m.restrictType,
      displayPrior: null,
      multiLangEnable: false,
      multiLangContent: [],
      materialId: null,
      parentMsgId: id,
    });
    await this.deps.engineRepo.setStatus(recallId, S.SENDING);
    const selected = await this.deps.repo.selectForRecall(recallId, id);
    await this.deps.writer.setRecallAudience(recallId, selected.count);
    if (selected.minId && selected.maxId)
      await engine.queueDispatch(recallId, Number(selected.minId), Number(selected.maxId));
    else await engine.maybeFinish(recallId);
  }

  /** Delete (an A/B test: with every child; refused as a whole when any may not be deleted). */
  async remove(appId: number, id: number): Promise<void> {
    const m = await this.find(appId, id);
    const { row, children } = await this.row(m);
    const now = this.now().getTime();
    const refuse = (r: { status: number }) => {
      if (r.status === S.SENDING) return new ApiError(ErrorCodes.NOW_SENDING);
      // a message waiting for its time has not started (not "while sending", 21021); it is deletable once its time
      // has passed (spec), and cancelling is how it is kept from sending until then
      return new ApiError(ErrorCodes.NOT_STARTED, (lang) => notYetDeletable(lang));
    };
    if (!mayDelete(row, now)) throw refuse(row);
    for (const c of children.filter((x) => !isArm(x)))
      if (!mayDelete({ ...c, scheduleDate: scheduledAt(c) }, now)) throw refuse(c);
    for (const c of [...children, m]) {
      await this.deps.engineRepo.cancelWaves(c.id);
      await this.deps.writer.softDelete(c.id);
    }
  }
}

function notYetDeletable(lang: string): string {
  if (lang === 'zh') return '定时消息尚未开始发送：到达定时时间后才能删除；如不想发送，请取消它';
  if (lang === 'fr')
    return 'Ce message programmé n’a pas commencé : il pourra être supprimé après son heure ; annulez-le pour qu’il ne parte pas';
  return 'This scheduled message has not started: it can be deleted once its time has passed; cancel it to keep it from sending';
}
