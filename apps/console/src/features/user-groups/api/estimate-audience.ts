import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AUDIENCE_LIMITS, userGroupCalls, type Condition } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const estimateAudience = (appId: number, conditions: Condition[]) =>
  apiRequest(userGroupCalls.estimate, { params: { appId }, body: { conditions } });

/** The live size of complete conditions, asked 250 ms after the last change (none for an empty list). */
export function useAudienceSize(appId: number, conditions: Condition[]) {
  const key = JSON.stringify(conditions);
  const [debounced, setDebounced] = useState(key);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(key), AUDIENCE_LIMITS.sizeDebounceMs);
    return () => window.clearTimeout(timer);
  }, [key]);
  return useQuery({
    queryKey: ['user-groups', appId, 'estimate', debounced],
    queryFn: () => estimateAudience(appId, JSON.parse(debounced) as Condition[]),
    enabled: conditions.length > 0 && debounced === key,
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: false,
  });
}
