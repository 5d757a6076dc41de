/** A query of a console address: parameters (undefined ones left out), URLSearchParams, or a search string. */
export type PathQuery = URLSearchParams | Record<string, string | number | undefined> | string;

function queryString(query: PathQuery | undefined): string {
  if (query === undefined) return '';
  if (typeof query === 'string') return query === '' || query.startsWith('?') ? query : `?${query}`;
  const params =
    query instanceof URLSearchParams
      ? query
      : new URLSearchParams(
          Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
        );
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The console's address of an app's screen, the one writer of `/app/…` URLs: `/app/<appId>` alone, or with a screen
 * (`section/screen`, as APP_SCREENS keys them: 'message/editpush') and a query — `appPath(1, 'message/editcanvas',
 * { id: 5, act: 'view' })` is `/app/1/message/editcanvas?id=5&act=view`. An empty query adds no `?`.
 */
export function appPath(appId: number | string, screen?: string, query?: PathQuery): string {
  const app = `/app/${encodeURIComponent(String(appId))}`;
  return `${screen ? `${app}/${screen}` : app}${queryString(query)}`;
}
