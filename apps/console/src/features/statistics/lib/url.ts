/** A comma list of the URL (countries, app versions) as its distinct non-empty values, in order. */
export function splitList(value: string | undefined): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}

/** The parameters a statistics tab carries to the others: the range and the mode (filters belong to one report). */
export const CARRIED_PARAMS = ['start', 'end', 'type'] as const;

/** The search part of a link to another statistics tab, keeping the carried parameters of the current URL. */
export function carriedSearch(current: URLSearchParams): string {
  const next = new URLSearchParams();
  for (const key of CARRIED_PARAMS) {
    const value = current.get(key);
    if (value) next.set(key, value);
  }
  const text = next.toString();
  return text ? `?${text}` : '';
}
