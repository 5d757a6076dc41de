import { useEffect, useMemo, useState } from 'react';
import { completeConditions, GAID_PATTERN, MESSAGE_LIMITS, TargetingType } from '@beacon/shared';
import { useTargetMax, type TargetingInput } from '../api/get-target-max';
import { isLinkChecked, parseUserIds } from '../lib/build-payload';
import { type ComposeValues } from '../lib/compose-values';
import { type EstimateState } from './audience-section';

/** The targeting to estimate, or undefined while it is incomplete (no conditions, no valid ids, no group). */
export function estimateTargeting(v: ComposeValues): TargetingInput | undefined {
  const base = { msgRestrictType: v.msgRestrictType };
  switch (v.targetingType) {
    case TargetingType.EVERYONE:
      return { ...base, targetingType: TargetingType.EVERYONE };
    case TargetingType.CONDITIONS: {
      const conditions = completeConditions(v.conditions ?? []);
      return conditions.length ? { ...base, targetingType: TargetingType.CONDITIONS, conditions } : undefined;
    }
    case TargetingType.DEVICES: {
      const ids = parseUserIds(v.userIdsText ?? '');
      return ids.length && ids.length <= MESSAGE_LIMITS.userIdsMax && ids.every((i) => GAID_PATTERN.test(i))
        ? { ...base, targetingType: TargetingType.DEVICES, userIds: ids }
        : undefined;
    }
    case TargetingType.USER_GROUP:
      return v.groupId ? { ...base, targetingType: TargetingType.USER_GROUP, groupId: v.groupId } : undefined;
    case TargetingType.FILE_UPLOAD:
      return v.fileList?.origin
        ? { ...base, targetingType: TargetingType.FILE_UPLOAD, fileOrigin: v.fileList.origin }
        : undefined;
    case TargetingType.FILE_LINK:
      return v.linkList && isLinkChecked(v)
        ? {
            ...base,
            targetingType: TargetingType.FILE_LINK,
            fileOrigin: v.linkList.origin,
            fileLink: v.fileLink.trim(),
          }
        : undefined;
    default:
      return undefined;
  }
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The live audience estimate (targetMax), debounced 250 ms after the targeting last changed and refreshed every minute
 * (the push count follows it until the user sets one).
 */
export function useAudienceEstimate(appId: number, v: ComposeValues): EstimateState {
  const targeting = estimateTargeting(v);
  const key = JSON.stringify(targeting ?? null);
  const debouncedKey = useDebounced(key, MESSAGE_LIMITS.estimateDebounceMs);
  const debounced = useMemo(() => JSON.parse(debouncedKey) as TargetingInput | null, [debouncedKey]);
  const query = useTargetMax(appId, debounced ?? undefined);
  const idle = targeting === undefined;
  return {
    value: idle || query.isError ? undefined : query.data?.newCount,
    approximate: query.data?.exact === false,
    // a new targeting loads; the periodic refresh of the same one does not (the number just updates)
    loading:
      !idle && ((query.isFetching && (query.isPlaceholderData || !query.data)) || key !== debouncedKey),
    failed: !idle && query.isError,
    idle,
  };
}
