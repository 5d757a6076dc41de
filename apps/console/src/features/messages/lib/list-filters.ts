import { MessageListRequest, MESSAGE_LIMITS } from '@beacon/shared';

/** The list's filters and page, as the URL keeps them. */
export interface MessageListFilters {
  title: string;
  ownerEmail: string;
  begin: string;
  end: string;
  tz: string;
  msgId: string;
  materialId: string;
  page: number;
}

export const DEFAULT_TZ = '+0000';

const FIELDS = ['title', 'ownerEmail', 'begin', 'end', 'tz', 'msgId', 'materialId'] as const;
const field = MessageListRequest.shape;

/** Digits only: anything else clears the field (MsgId and material id, part 2 §2). */
export function digitsOrEmpty(value: string): string {
  const v = value.trim();
  return /^\d{1,18}$/.test(v) ? v : '';
}

/**
 * Reads the filters from the URL with the server's own schema (`MessageListRequest`), field by field: a value the
 * server would refuse is dropped, so a hand-edited link still opens the list.
 */
export function filtersFromSearch(search: URLSearchParams): MessageListFilters {
  const read = (key: (typeof FIELDS)[number]): string => {
    const raw = search.get(key);
    if (raw === null || raw === '') return '';
    const parsed = field[key].safeParse(raw);
    return parsed.success && typeof parsed.data === 'string' ? parsed.data : '';
  };
  const page = field.pageNo.safeParse(search.get('page') ?? 1);
  const begin = read('begin');
  const end = read('end');
  const ordered = begin && end && begin > end;
  return {
    title: read('title'),
    ownerEmail: read('ownerEmail'),
    begin: ordered ? '' : begin,
    end: ordered ? '' : end,
    tz: read('tz') || DEFAULT_TZ,
    msgId: read('msgId'),
    materialId: read('materialId'),
    page: page.success ? page.data : 1,
  };
}

/** The URL of a filter set: defaults and empty fields left out, page only past 1. */
export function searchFromFilters(f: MessageListFilters): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of FIELDS) {
    const value = f[key];
    if (value && !(key === 'tz' && value === DEFAULT_TZ)) out.set(key, value);
  }
  if (f.page > 1) out.set('page', String(f.page));
  return out;
}

/** The list call's body for a filter set. */
export function listRequestOf(f: MessageListFilters): MessageListRequest {
  return MessageListRequest.parse({
    msgType: 1,
    title: f.title || undefined,
    ownerEmail: f.ownerEmail || undefined,
    begin: f.begin || undefined,
    end: f.end || undefined,
    tz: f.tz,
    msgId: f.msgId || undefined,
    materialId: f.materialId || undefined,
    pageNo: f.page,
    pageSize: MESSAGE_LIMITS.listPageSize,
  });
}

/** The CSV export's query for a filter set, or undefined without a date range (the console asks for one). */
export function exportQueryOf(f: MessageListFilters): URLSearchParams | undefined {
  if (!f.begin || !f.end) return undefined;
  const q = new URLSearchParams({ begin: f.begin, end: f.end, tz: f.tz, msgType: '1' });
  for (const key of ['title', 'ownerEmail', 'msgId', 'materialId'] as const) if (f[key]) q.set(key, f[key]);
  return q;
}
