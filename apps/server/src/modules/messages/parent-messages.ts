import { tzName, type MessageRecord } from './messages.repository';

/**
 * What A/B tests and journeys share as parents of child messages (a test's arms, a journey's steps): the filters of
 * their lists and the settings a parent keeps for its children, as their details show them.
 */

/** The filters of a parents' list (title, creator, created between two days in the list's zone). */
export interface ParentListFilters {
  desc?: string | undefined;
  creator?: string | undefined;
  begin?: string | undefined;
  end?: string | undefined;
  tz: string;
}

/** The WHERE clause over `messages m` of an app's parents of `msgType` matching `q`, with its parameters ($1 the app). */
export function parentListWhere(
  appId: number,
  msgType: number,
  q: ParentListFilters,
): { clause: string; params: unknown[] } {
  const where = ['m.app_id = $1', 'NOT m.deleted', `m.msg_type = ${msgType}`];
  const params: unknown[] = [appId];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (q.desc) add("m.title ILIKE '%' || ? || '%'", q.desc);
  if (q.creator) add("m.owner_email ILIKE '%' || ? || '%'", q.creator);
  if (q.begin) add(`m.created_at >= (?::date)::timestamp AT TIME ZONE '${tzName(q.tz)}'`, q.begin);
  if (q.end) add(`m.created_at < ((?::date) + 1)::timestamp AT TIME ZONE '${tzName(q.tz)}'`, q.end);
  return { clause: where.join(' AND '), params };
}

/** The audience and sending settings a parent keeps for its children, named as its detail answers them. */
export function parentSettings(
  parent: Pick<
    MessageRecord,
    | 'conditions'
    | 'groupId'
    | 'userIds'
    | 'fileOrigin'
    | 'fileLink'
    | 'ttlSeconds'
    | 'speedLimit'
    | 'restrictType'
    | 'displayPrior'
  >,
) {
  return {
    conditions: parent.conditions,
    groupId: parent.groupId,
    userIds: parent.userIds,
    fileOrigin: parent.fileOrigin,
    fileLink: parent.fileLink,
    timeToLive: parent.ttlSeconds,
    speedLimit: parent.speedLimit,
    msgRestrictType: parent.restrictType,
    msgDisplayPrior: parent.displayPrior,
  };
}
