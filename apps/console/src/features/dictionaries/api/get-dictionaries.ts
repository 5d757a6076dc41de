import { queryOptions, useQuery } from '@tanstack/react-query';
import { dictionaryCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const getDictionaries = () => apiRequest(dictionaryCalls.all);

export const getDictionariesQueryOptions = () =>
  queryOptions({ queryKey: ['dictionaries', 'all'], queryFn: getDictionaries, staleTime: 60 * 60_000 });

/** The platform dictionaries (countries, languages, Android versions, UTC offsets, kinds, modes). */
export const useBaseDictionaries = () => useQuery(getDictionariesQueryOptions());
