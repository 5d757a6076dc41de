import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Changes to a URL's search parameters: a value sets its parameter, undefined or '' removes it. */
export type SearchPatch = Record<string, string | undefined>;

/** The parameters with a patch applied; the others stay as they are. */
export function patchSearchParams(prev: URLSearchParams, patch: SearchPatch): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const [key, value] of Object.entries(patch)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

export interface SearchUpdateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

/** The URL's search parameters and `update(patch)`, which writes a patch over the current ones. */
export function useSearchParamsPatch(): [
  URLSearchParams,
  (patch: SearchPatch, options?: SearchUpdateOptions) => void,
] {
  const [search, setSearch] = useSearchParams();
  const update = useCallback(
    (patch: SearchPatch, options: SearchUpdateOptions = {}) =>
      setSearch((prev) => patchSearchParams(prev, patch), { replace: options.replace ?? false }),
    [setSearch],
  );
  return [search, update];
}
