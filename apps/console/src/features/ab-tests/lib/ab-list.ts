import {
  AbTestListRequest,
  MESSAGE_LIMITS,
  MessageType,
  statRate,
  type AbArmRow,
  type AbTestRow,
} from '@beacon/shared';
import { type ListFilters, type ListFiltersOptions, type ListFiltersPatch } from '../../../lib/list-filters';
import { DEFAULT_TZ, scheduleInstant } from '../../messages';

const FIELDS = ['desc', 'creator', 'begin', 'end', 'tz'] as const;
type Field = (typeof FIELDS)[number];

/** The A/B list's filters in the URL (`useListFilters`), read with the list call's own schema. */
export const AB_LIST_URL: ListFiltersOptions<typeof AbTestListRequest, Field> = { fields: FIELDS };

/** The list's filters and page, as the URL keeps them ('' for none). */
export interface AbListFilters {
  desc: string;
  creator: string;
  begin: string;
  end: string;
  tz: string;
  page: number;
}

export const EMPTY_AB_FILTERS: AbListFilters = {
  desc: '',
  creator: '',
  begin: '',
  end: '',
  tz: DEFAULT_TZ,
  page: 1,
};

/** The filters from what `useListFilters` read; a reversed date range is dropped. */
export function abListFilters(read: ListFilters<typeof AbTestListRequest, Field>): AbListFilters {
  const begin = read.begin ?? '';
  const end = read.end ?? '';
  const reversed = begin !== '' && end !== '' && begin > end;
  return {
    desc: read.desc ?? '',
    creator: read.creator ?? '',
    begin: reversed ? '' : begin,
    end: reversed ? '' : end,
    tz: read.tz || DEFAULT_TZ,
    page: read.pageNo,
  };
}

/** The change `useListFilters` writes for a filter set. */
export function abFiltersPatch({
  page,
  ...fields
}: AbListFilters): ListFiltersPatch<typeof AbTestListRequest, Field> {
  return { ...fields, pageNo: page };
}

export const hasAbFilters = (f: AbListFilters): boolean => Boolean(f.desc || f.creator || f.begin || f.end);

/** The list call's body: 20 a page (part 2 §9). */
export function abListRequest(f: AbListFilters): AbTestListRequest {
  return AbTestListRequest.parse({
    desc: f.desc || undefined,
    creator: f.creator || undefined,
    begin: f.begin || undefined,
    end: f.end || undefined,
    tz: f.tz,
    pageNo: f.page,
    pageSize: MESSAGE_LIMITS.listPageSize,
  });
}

/** The counts a row shows: one message's, or a test's summed over its messages. */
export interface AbCounts {
  pushCount: number;
  targetCount: number;
  dispatchCount: number;
  arriveAll: number;
  show: number;
  click: number;
}

/** A test's counts: the sums over its arms and its "send to all" message. */
export function testCounts(row: Pick<AbTestRow, 'childMsgs'>): AbCounts {
  const sum = (key: keyof AbCounts) => row.childMsgs.reduce((n, c) => n + c[key], 0);
  return {
    pushCount: sum('pushCount'),
    targetCount: sum('targetCount'),
    dispatchCount: sum('dispatchCount'),
    arriveAll: sum('arriveAll'),
    show: sum('show'),
    click: sum('click'),
  };
}

/** The rates of a row of counts, in percent, each over the step before (DESIGN §7, as the server's lists). */
export function countRates(c: AbCounts): { reachRate: number; showRate: number; clickRate: number } {
  return {
    reachRate: statRate(c.arriveAll, c.dispatchCount),
    showRate: statRate(c.show, c.arriveAll),
    clickRate: statRate(c.click, c.show),
  };
}

/** The two arms of a test, A then B (not the "send to all" message). */
export function armsOf(row: Pick<AbTestRow, 'childMsgs'>): AbArmRow[] {
  const arms = row.childMsgs.filter((c) => !c.rest);
  return ['A', 'B'].flatMap((tag) => arms.filter((c) => c.groupTag === tag));
}

/** The arm a "send to all" message came from (its tag is the arm's with a star: `B*`). */
export const restSource = (child: Pick<AbArmRow, 'groupTag'>): string => child.groupTag.replace('*', '');

/** A test as the shared row rules read it (`rowActions`): msgType 4, the first arm's schedule, the arms. */
export function actionRow(row: AbTestRow) {
  const [a] = armsOf(row);
  return {
    status: row.status,
    msgType: MessageType.AB_TEST,
    targetingType: row.targetingType,
    scheduleType: a?.scheduleType ?? 1,
    scheduleDate: a?.scheduleDate ?? null,
    children: armsOf(row),
  };
}

/** The arms as `mayAbSendToAll` reads them: their schedule type and instant. */
export const sendToAllArms = (row: Pick<AbTestRow, 'childMsgs'>) =>
  armsOf(row).map((a) => ({ scheduleType: a.scheduleType, scheduleDate: scheduleInstant(a.scheduleDate) }));
