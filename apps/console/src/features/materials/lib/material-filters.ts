import {
  MATERIAL_LIMITS,
  MaterialListRequest,
  type MaterialListInput,
  type MaterialTypeValue,
} from '@beacon/shared';
import { type ListFilters, type ListFiltersOptions, type ListFiltersPatch } from '../../../lib/list-filters';
import { DEFAULT_TZ } from '../../messages';
import { type MaterialList } from '../api/get-materials';

const FIELDS = [
  'materialType',
  'title',
  'ownerEmail',
  'createType',
  'begin',
  'end',
  'tz',
  'materialId',
  'status',
  'order',
] as const;
type Field = (typeof FIELDS)[number];

/** A material list's filters in the URL (`useListFilters`), read with the call's own schema (`MaterialListRequest`). */
export const MATERIAL_LIST_URL: ListFiltersOptions<typeof MaterialListRequest, Field> = { fields: FIELDS };

export type CreateTypeFilter = MaterialListRequest['createType'];
export type StatusFilter = MaterialListRequest['status'];
export type MaterialOrder = MaterialListRequest['order'];

/** A list's filters and page as the URL keeps them ('' for none). */
export interface MaterialFilters {
  materialType: MaterialTypeValue;
  title: string;
  ownerEmail: string;
  createType: CreateTypeFilter;
  begin: string;
  end: string;
  tz: string;
  /** digits only (the library and the audit list) */
  materialId: string;
  /** the audit list only: '' every reviewed status, or 3, 4, 1 */
  status: StatusFilter;
  order: MaterialOrder;
  page: number;
}

/**
 * The filters from what `useListFilters` read (a value the server would refuse is already dropped), a reversed range
 * dropped.
 */
export function materialFilters(read: ListFilters<typeof MaterialListRequest, Field>): MaterialFilters {
  const begin = read.begin ?? '';
  const end = read.end ?? '';
  const reversed = begin !== '' && end !== '' && begin > end;
  return {
    materialType: read.materialType,
    title: read.title ?? '',
    ownerEmail: read.ownerEmail ?? '',
    createType: read.createType,
    begin: reversed ? '' : begin,
    end: reversed ? '' : end,
    tz: read.tz || DEFAULT_TZ,
    materialId: read.materialId,
    status: read.status,
    order: read.order,
    page: read.pageNo,
  };
}

/** The change `useListFilters` writes for a filter set. */
export function materialFiltersPatch({
  page,
  ...fields
}: MaterialFilters): ListFiltersPatch<typeof MaterialListRequest, Field> {
  return { ...fields, pageNo: page };
}

/** The filters of a fresh list of a type: nothing narrows it, newest first, page 1. */
export const emptyFilters = (materialType: MaterialTypeValue): MaterialFilters => ({
  materialType,
  title: '',
  ownerEmail: '',
  createType: '',
  begin: '',
  end: '',
  tz: DEFAULT_TZ,
  materialId: '',
  status: '',
  order: '',
  page: 1,
});

/** Whether a filter narrows the list (the empty state then says "no match"); the type and the order do not. */
export const hasMaterialFilters = (f: MaterialFilters): boolean =>
  Boolean(f.title || f.ownerEmail || f.createType || f.begin || f.end || f.materialId || f.status);

/**
 * The list call's body for a filter set, 20 a page: the recycle bin is target 2 and has no material id; only the
 * audit list filters by status.
 */
export function materialRequestOf(f: MaterialFilters, list: MaterialList): MaterialListRequest {
  return MaterialListRequest.parse({
    materialType: f.materialType,
    target: list === 'recycle' ? 2 : 1,
    title: f.title || undefined,
    ownerEmail: f.ownerEmail || undefined,
    createType: f.createType,
    begin: f.begin || undefined,
    end: f.end || undefined,
    tz: f.tz,
    materialId: list === 'recycle' ? '' : f.materialId,
    status: list === 'audit' ? f.status : '',
    order: f.order,
    pageNo: f.page,
    pageSize: MATERIAL_LIMITS.pageSize,
  } satisfies MaterialListInput);
}
