/** What a report panel shows when its query failed and nothing is there to show: the error's message and a retry. */
export function failureOf(query: {
  isError: boolean;
  data: unknown;
  error: Error | null;
  refetch: () => unknown;
}): { message: string; retry: () => void } | undefined {
  if (!query.isError || query.data !== undefined) return undefined;
  return { message: query.error?.message ?? '', retry: () => void query.refetch() };
}
