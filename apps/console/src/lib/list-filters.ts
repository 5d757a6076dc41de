import { useEffect, useState } from 'react';
import { z } from 'zod';
import { numberInput } from '@beacon/shared';
import {
  patchSearchParams,
  useSearchParamsPatch,
  type SearchPatch,
  type SearchUpdateOptions,
} from './search-params';
import { useDebouncedSearch, type DebouncedSearch } from './use-debounced-search';

/** A list call's request schema: its fields read the URL's values (`pageNo` reads `page`, `pageSize` is the size). */
type ListSchema = z.ZodObject;
type FieldOf<S extends ListSchema> = keyof S['shape'] & string;

/** How a list keeps its filters in the URL. */
export interface ListFiltersOptions<S extends ListSchema, K extends FieldOf<S>> {
  /** The request fields the URL holds, each under its own name unless `names` gives another (`{ title: 'q' }`). */
  fields: readonly K[];
  names?: Partial<Record<K, string>>;
  /** The field the search box edits (debounced). */
  search?: K;
  /** The URL parameter of the page: `page` unless told. */
  pageParam?: string;
  /** The page size when the schema has no `pageSize` default. */
  pageSize?: number;
  /** Writes replace the history entry instead of adding one (the debounced search always replaces). */
  replace?: boolean;
  /** The search box's delay: `LIMITS.searchDebounceMs` unless told. */
  debounceMs?: number;
}

/** The filters read from the URL, shaped as the list call's request. */
export type ListFilters<S extends ListSchema, K extends FieldOf<S>> = {
  [F in K]: z.output<S['shape'][F]>;
} & {
  pageNo: number;
  pageSize: number;
};

/** A change to the filters: a field set to undefined, '' or its default leaves the URL. */
export type ListFiltersPatch<S extends ListSchema, K extends FieldOf<S>> = {
  [F in K]?: z.output<S['shape'][F]> | undefined;
} & { pageNo?: number };

/** A page number as every list call takes it (`pageNo`): a whole number from 1. */
const PAGE_NO = numberInput(z.number().int().min(1)).default(1);

function parsed<T>(schema: z.core.$ZodType | undefined, value: unknown, fallback: T): T {
  if (!schema) return fallback;
  const result = z.safeParse(schema, value);
  return result.success ? (result.data as T) : fallback;
}

/** A page number from the URL or storage: a whole number from 1, else 1. */
export const pageOf = (value: unknown): number => parsed(PAGE_NO, value ?? undefined, 1);

/** A filter value as the URL holds it ('' for none). */
const textOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';

/** The schema's value for an absent field: its default, or undefined. */
const defaultOf = (schema: z.core.$ZodType | undefined): unknown => parsed(schema, undefined, undefined);

/**
 * Reads a list's filters from the URL with the list call's own schema, field by field: a missing value, or one the
 * server would refuse, is the field's default, so a hand-edited link still opens the list. The page is a whole
 * number from 1 (else 1).
 */
export function readListFilters<S extends ListSchema, K extends FieldOf<S>>(
  search: URLSearchParams,
  schema: S,
  options: ListFiltersOptions<S, K>,
): ListFilters<S, K> {
  const shape = schema.shape as Record<string, z.core.$ZodType | undefined>;
  const out: Record<string, unknown> = {};
  for (const key of options.fields) {
    const raw = search.get(options.names?.[key] ?? key);
    const fallback = defaultOf(shape[key]);
    out[key] = raw === null || raw === '' ? fallback : parsed(shape[key], raw, fallback);
  }
  const pageSize = options.pageSize ?? defaultOf(shape.pageSize);
  if (typeof pageSize !== 'number') throw new Error('readListFilters: no page size');
  out.pageNo = parsed(shape.pageNo ?? PAGE_NO, search.get(options.pageParam ?? 'page') ?? undefined, 1);
  out.pageSize = pageSize;
  return out as ListFilters<S, K>;
}

/**
 * The URL parameters with a filter change written over them: empty and default values are left out, the page only
 * past 1, and a change to any filter goes back to page 1.
 */
export function writeListFilters<S extends ListSchema, K extends FieldOf<S>>(
  prev: URLSearchParams,
  patch: ListFiltersPatch<S, K>,
  schema: S,
  options: ListFiltersOptions<S, K>,
): URLSearchParams {
  return patchSearchParams(prev, listPatch(patch, schema, options));
}

function listPatch<S extends ListSchema, K extends FieldOf<S>>(
  patch: ListFiltersPatch<S, K>,
  schema: S,
  options: ListFiltersOptions<S, K>,
): SearchPatch {
  const shape = schema.shape as Record<string, z.core.$ZodType | undefined>;
  const values = patch as Record<string, unknown>;
  const out: SearchPatch = {};
  let filterChanged = false;
  for (const key of options.fields) {
    if (!(key in values)) continue;
    filterChanged = true;
    const text = textOf(values[key]);
    out[options.names?.[key] ?? key] =
      text === '' || text === textOf(defaultOf(shape[key])) ? undefined : text;
  }
  const page = options.pageParam ?? 'page';
  if (patch.pageNo !== undefined) out[page] = patch.pageNo > 1 ? String(patch.pageNo) : undefined;
  else if (filterChanged) out[page] = undefined;
  return out;
}

export interface ListFiltersState<S extends ListSchema, K extends FieldOf<S>> {
  filters: ListFilters<S, K>;
  /** Writes a change to the URL (page 1 again when a filter changes). */
  update: (patch: ListFiltersPatch<S, K>, options?: SearchUpdateOptions) => void;
  /** The search box of `options.search`, committed to the URL after the debounce. */
  search: DebouncedSearch;
}

/**
 * A list's filters and page in the URL, read with the list call's zod schema (`readListFilters`), `update` to change
 * them and the debounced search box of one text field.
 */
export function useListFilters<S extends ListSchema, K extends FieldOf<S>>(
  schema: S,
  options: ListFiltersOptions<S, K>,
): ListFiltersState<S, K> {
  const [params, patchParams] = useSearchParamsPatch();
  const filters = readListFilters(params, schema, options);
  const update = (patch: ListFiltersPatch<S, K>, updateOptions: SearchUpdateOptions = {}) =>
    patchParams(listPatch(patch, schema, options), { replace: updateOptions.replace ?? options.replace });
  const searchKey = options.search;
  const committed = searchKey === undefined ? '' : filters[searchKey];
  const search = useDebouncedSearch(
    typeof committed === 'string' ? committed : '',
    (term) => {
      if (searchKey !== undefined) update({ [searchKey]: term } as ListFiltersPatch<S, K>, { replace: true });
    },
    options.debounceMs,
  );
  return { filters, update, search };
}

/**
 * A filter bar's fields as typed, before Search applies them: they start from the applied filters and follow them
 * when those change (Reset, the back button); `set` changes some fields of the draft.
 */
export interface FilterDraft<F> {
  draft: F;
  set: (patch: Partial<F>) => void;
}

export function useFilterDraft<F extends object>(value: F): FilterDraft<F> {
  const [draft, setDraft] = useState(value);
  // by content, not identity: the screens derive `value` afresh each render, and a render that changes nothing (a list
  // refreshed while a message sends, a dialog opening) must not wipe what the user has typed but not yet applied
  const applied = JSON.stringify(value);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `applied` is `value`'s content
  useEffect(() => setDraft(value), [applied]);
  const set = (patch: Partial<F>) => setDraft((d) => ({ ...d, ...patch }));
  return { draft, set };
}
