import { ScheduleType } from './message-kinds';

/** Message status codes (spec part 2 §4) and which row actions each allows, used by server and console alike. */
export const MessageStatus = {
  WAITING: 0,
  SENT: 1,
  WAITING_SCHEDULED: 2,
  STOPPED: 3,
  SENDING: 4,
  PAUSED: 5,
  INVALID: 6,
  WAITING_LOCAL: 7,
  RECALLED: 8,
  SENT_ALT: 9,
  PAUSED_ALT: 10,
  PENDING_REVIEW: 11,
  REVIEW_REJECTED: 12,
  AWAITING_AUDIT: 13,
  DELETED: 14,
  PLATFORM_DONE: 16,
  RECALLING: 17,
  CANVAS_WAITING_CONFIRM: 18,
  CANVAS_WAITING_COUNT: 19,
  CANVAS_WAIT_ERROR: 20,
  STOP_IN_PROCESS: 21,
  DELETED_ALT: 91,
  STOPPED_ALT: 99,
} as const;

const S = MessageStatus;

/** Statuses in which a message has not started: waiting now (0), scheduled (2), local-time waves (7). */
export const WAITING_STATUSES: readonly number[] = [S.WAITING, S.WAITING_SCHEDULED, S.WAITING_LOCAL];

/** Stop sending: status 4, 2, 0 or 7. */
export function canStop(status: number): boolean {
  return [S.SENDING, S.WAITING_SCHEDULED, S.WAITING, S.WAITING_LOCAL].includes(status as 0);
}

/** Recall: status 1, 4, 5 or 7. */
export function canRecall(status: number): boolean {
  return [S.SENT, S.SENDING, S.PAUSED, S.WAITING_LOCAL].includes(status as 1);
}

/** Cancel: allowed unless status is 0, 1, 3, 4, 5, 6, 8, 9, 10 or 99. */
export function canCancel(status: number): boolean {
  return ![0, 1, 3, 4, 5, 6, 8, 9, 10, 99].includes(status);
}

/**
 * Delete: when the schedule type is 1 (now), or the status is 99 or 21, or the schedule time has passed (for local
 * time, from 12 hours before it).
 */
export function canDelete(
  m: { status: number; scheduleType: number; scheduleDate: number | null },
  now: number,
): boolean {
  if (m.scheduleType === ScheduleType.NOW || m.status === S.STOPPED_ALT || m.status === S.STOP_IN_PROCESS)
    return true;
  if (m.scheduleDate === null) return false;
  const lead = m.scheduleType === ScheduleType.LOCAL_TIME ? 12 * 3600 * 1000 : 0;
  return now >= m.scheduleDate - lead;
}

/** Edit: only before sending starts (waiting, pending review, rejected). */
export function canEdit(status: number): boolean {
  return [
    S.WAITING,
    S.WAITING_SCHEDULED,
    S.WAITING_LOCAL,
    S.PENDING_REVIEW,
    S.REVIEW_REJECTED,
    S.AWAITING_AUDIT,
  ].includes(status as 0);
}

/** Whether a message has finished for good (no more sends will happen). */
export function isFinal(status: number): boolean {
  return [
    S.SENT,
    S.STOPPED,
    S.INVALID,
    S.RECALLED,
    S.SENT_ALT,
    S.DELETED,
    S.DELETED_ALT,
    S.STOPPED_ALT,
  ].includes(status as 1);
}

/** Dispatch-loss codes (spec part 2 §8) with their names in en/zh/fr. */
export const LOSS_CODES: Record<number, readonly [string, string, string]> = {
  1: ['Uninstalled user', '已卸载用户', 'Utilisateur désinstallé'],
  3: ['Messaging provider server error', '推送服务商服务器错误', 'Erreur du serveur de messagerie'],
  4: ['Device model blocked', '机型被屏蔽', 'Modèle d’appareil bloqué'],
  5: ['App version blocked', '应用版本被屏蔽', 'Version de l’application bloquée'],
  6: ['Country blocked', '国家被屏蔽', 'Pays bloqué'],
  7: ['Other (daily limit reached)', '其他（已达每日上限）', 'Autre (limite quotidienne atteinte)'],
  12: ['Server key mismatch', '服务器密钥不匹配', 'Clé serveur non concordante'],
  21: ['Region blocked', '地区被屏蔽', 'Région bloquée'],
  26: ['Device property missing', '设备属性缺失', 'Propriété d’appareil manquante'],
  35: ['Invalid server key', '服务器密钥无效', 'Clé serveur invalide'],
  102: ['Minor language blocked', '小语种被屏蔽', 'Langue minoritaire bloquée'],
  104: ['App country blocked', '应用国家被屏蔽', 'Pays bloqué pour l’application'],
  105: ['Country time blocked', '国家时段被屏蔽', 'Horaire du pays bloqué'],
  106: ['New device blocked (7-day protection)', '新设备保护（7 天）', 'Nouvel appareil protégé (7 jours)'],
  107: ['Notifications off', '通知已关闭', 'Notifications désactivées'],
  108: ['Inactive for 90 days', '90 天未活跃', 'Inactif depuis 90 jours'],
  109: ['Material country ignored', '素材国家被忽略', 'Pays du matériel ignoré'],
  110: ['Frequency cap reached', '已达频次上限', 'Plafond de fréquence atteint'],
  111: ['Stale token', '推送令牌已失效', 'Jeton périmé'],
  112: ['Template could not be rendered', '模板无法渲染', 'Modèle impossible à remplir'],
  113: ['Global control group (held out)', '全局对照组（不发送）', 'Groupe témoin global (non envoyé)'],
  114: ['Message control share (held out)', '消息对照组（不发送）', 'Part témoin du message (non envoyée)'],
};

/** Show-loss types: why a received notification was not shown (the SDK's show_failed reasons). */
export const SHOW_LOSS_CODES: Record<number, readonly [string, string, string]> = {
  1: ['Notifications disabled', '通知被禁用', 'Notifications désactivées'],
  6: ['Channel blocked', '通知渠道被屏蔽', 'Canal bloqué'],
  11: ['Quiet hours', '免打扰时段', 'Heures calmes'],
  12: ['Rendering failed', '渲染失败', 'Échec de l’affichage'],
  20: ['Other', '其他', 'Autre'],
};
