import { queryOptions, useQuery } from '@tanstack/react-query';
import { statisticsCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { messagesQueryKey } from './get-messages';

export type DistributionDimension = 'country' | 'version';

export const getDistribution = (appId: number, msgId: number, dimension: DistributionDimension) =>
  apiRequest(statisticsCalls.distribution, { params: { appId, msgId, dimension } });

export const getDistributionQueryOptions = (appId: number, msgId: number, dimension: DistributionDimension) =>
  queryOptions({
    queryKey: [...messagesQueryKey(appId), 'distribution', msgId, dimension],
    queryFn: () => getDistribution(appId, msgId, dimension),
    staleTime: 0,
  });

/** Counts by country or by app version. */
export const useDistribution = (appId: number, msgId: number, dimension: DistributionDimension) =>
  useQuery(getDistributionQueryOptions(appId, msgId, dimension));

/** The server's CSV of a distribution. */
export const distributionExportUrl = (appId: number, msgId: number, dimension: DistributionDimension) =>
  `/tcm/v1/app/${appId}/msg/${msgId}/distribution/${dimension}/export`;
