import { ScheduleType, type MessageRow } from '@beacon/shared';
import { rate } from './messages.presenter';

/** The list's columns, in its order (part 2 §2). Rates are percentages. */
export const MESSAGE_CSV_HEADER = [
  'msgId',
  'description',
  'creator',
  'pushTime',
  'status',
  'materialId',
  'multiLanguage',
  'pushCount',
  'targetCount',
  'dispatched',
  'reached',
  'reachRate',
  'shown',
  'showRate',
  'clicked',
  'clickRate',
  'conversion',
  'conversionRate',
];

/** An instant as `YYYY-MM-DD HH:mm:ss` wall time in a `±HHMM` zone. */
export function wallTime(iso: string, zone: string): string {
  const m = /^([+-])(\d{2})(\d{2})$/.exec(zone);
  const offsetMin = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  return new Date(new Date(iso).getTime() + offsetMin * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The push time a row shows: the scheduled wall time, or the creation time in the chosen zone for "now". */
export function pushTime(row: MessageRow, zone: string): string {
  if (row.scheduleType !== ScheduleType.NOW && row.scheduleDate)
    return row.scheduleDate.replace('T', ' ').slice(0, 19);
  return wallTime(row.createTime, zone);
}

export function messageCsvRows(
  rows: readonly MessageRow[],
  zone: string,
): Array<Array<string | number | null>> {
  return rows.map((r) => {
    // a scheduled message that has not started has no counts yet (the list shows dashes)
    const waiting = r.status === 2;
    return [
      r.msgId,
      r.title,
      r.ownerEmail,
      pushTime(r, zone),
      r.status,
      r.materialId,
      r.multiLangEnable ? 1 : 0,
      waiting ? null : r.pushCount,
      r.targetCount,
      waiting ? null : r.dispatchCount,
      r.arriveAll,
      r.reachRate,
      waiting ? null : r.show,
      r.showRate,
      r.click,
      r.clickRate,
      r.conversion,
      rate(r.conversion, r.click),
    ];
  });
}
