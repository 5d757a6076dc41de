/**
 * The estimated duration of a slow push (part 2 §4): target count / rate seconds, with 3600 s added before it is
 * converted to hours and minutes — an upper bound that leaves an hour for retries and quota waits.
 */
export function slowPushDuration(targetCount: number, rate: number): { hours: number; minutes: number } {
  const seconds = rate > 0 ? Math.ceil(Math.max(0, targetCount) / rate) + 3600 : 3600;
  return { hours: Math.floor(seconds / 3600), minutes: Math.floor((seconds % 3600) / 60) };
}
