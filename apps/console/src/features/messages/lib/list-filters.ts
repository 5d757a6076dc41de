import { MessageListRequest, MESSAGE_LIMITS, MessageType } from '@beacon/shared';
import {
  readListFilters,
  writeListFilters,
  type ListFilters,
  type ListFiltersOptions,
  type ListFiltersPatch,
} from '../../../lib/list-filters';

/** The lists of data/push (notifications) and data/cross (cross messages and pull-ups). */
export type ListMsgType = typeof MessageType.NOTIFICATION | typeof MessageType.PASS_THROUGH;

/** The cross list's kind filter: '' all, 'cross' without a pull-up, 'pullup' the pull-ups. */
export type CrossKind = MessageListRequest['kind'];

/** The list's filters and page, as the URL keeps them. */
export interface MessageListFilters {
  title: string;
  ownerEmail: string;
  begin: string;
  end: string;
  tz: string;
  msgId: string;
  materialId: string;
  /** The cross list only. */
  kind: CrossKind;
  page: number;
}

export const DEFAULT_TZ = '+0000';

const FIELDS = ['title', 'ownerEmail', 'begin', 'end', 'tz', 'msgId', 'materialId', 'kind'] as const;
type Field = (typeof FIELDS)[number];

/** The list's filters in the URL (`useListFilters`), read with the server's own schema (`MessageListRequest`). */
export const MESSAGE_LIST_URL: ListFiltersOptions<typeof MessageListRequest, Field> = { fields: FIELDS };

/** Digits only: anything else clears the field (MsgId and material id, part 2 §2). */
export function digitsOrEmpty(value: string): string {
  const v = value.trim();
  return /^\d{1,18}$/.test(v) ? v : '';
}

/**
 * The filters as the list shows them, from what `useListFilters` read (a value the server would refuse is already
 * dropped): '' for an absent field, and a reversed date range dropped.
 */
export function messageFilters(read: ListFilters<typeof MessageListRequest, Field>): MessageListFilters {
  const begin = read.begin ?? '';
  const end = read.end ?? '';
  const ordered = begin && end && begin > end;
  return {
    title: read.title ?? '',
    ownerEmail: read.ownerEmail ?? '',
    begin: ordered ? '' : begin,
    end: ordered ? '' : end,
    tz: read.tz || DEFAULT_TZ,
    msgId: read.msgId ?? '',
    materialId: read.materialId ?? '',
    kind: read.kind,
    page: read.pageNo,
  };
}

/** The change `useListFilters` writes for a filter set. */
export function filtersPatch({
  page,
  ...fields
}: MessageListFilters): ListFiltersPatch<typeof MessageListRequest, Field> {
  return { ...fields, pageNo: page };
}

/** Reads the filters from the URL. */
export const filtersFromSearch = (search: URLSearchParams): MessageListFilters =>
  messageFilters(readListFilters(search, MessageListRequest, MESSAGE_LIST_URL));

/** The URL of a filter set: defaults and empty fields left out, page only past 1. */
export const searchFromFilters = (f: MessageListFilters): URLSearchParams =>
  writeListFilters(new URLSearchParams(), filtersPatch(f), MessageListRequest, MESSAGE_LIST_URL);

const isCross = (msgType: ListMsgType) => msgType === MessageType.PASS_THROUGH;

/** The list call's body for a filter set: the material id for notifications only, the kind for cross messages only. */
export function listRequestOf(
  f: MessageListFilters,
  msgType: ListMsgType = MessageType.NOTIFICATION,
): MessageListRequest {
  return MessageListRequest.parse({
    msgType,
    title: f.title || undefined,
    ownerEmail: f.ownerEmail || undefined,
    begin: f.begin || undefined,
    end: f.end || undefined,
    tz: f.tz,
    msgId: f.msgId || undefined,
    materialId: (!isCross(msgType) && f.materialId) || undefined,
    kind: isCross(msgType) ? f.kind : undefined,
    pageNo: f.page,
    pageSize: MESSAGE_LIMITS.listPageSize,
  });
}

/** What Search applies of the filter bar's fields: the texts trimmed, the first page. */
export const searchedFilters = (draft: MessageListFilters): MessageListFilters => ({
  ...draft,
  title: draft.title.trim(),
  ownerEmail: draft.ownerEmail.trim(),
  page: 1,
});

/** The CSV export's query for a filter set, or undefined without a date range (the console asks for one). */
export function exportQueryOf(
  f: MessageListFilters,
  msgType: ListMsgType = MessageType.NOTIFICATION,
): URLSearchParams | undefined {
  if (!f.begin || !f.end) return undefined;
  const q = new URLSearchParams({ begin: f.begin, end: f.end, tz: f.tz, msgType: String(msgType) });
  const keys = isCross(msgType)
    ? (['title', 'ownerEmail', 'msgId', 'kind'] as const)
    : (['title', 'ownerEmail', 'msgId', 'materialId'] as const);
  for (const key of keys) if (f[key]) q.set(key, f[key]);
  return q;
}
