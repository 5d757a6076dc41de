/** Every statistics query of an app starts with this key. */
export const statisticsQueryKey = (appId: number) => ['statistics', appId] as const;

/** The reports cover past UTC days: they change only as late device events arrive. */
export const STATISTICS_STALE_MS = 30_000;
