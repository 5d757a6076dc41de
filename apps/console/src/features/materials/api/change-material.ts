import { useMutation, useQueryClient } from '@tanstack/react-query';
import { materialCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { materialsQueryKey } from './get-materials';

/**
 * What a row action does to a material (spec §4 Material): delete moves it to the recycle bin, restore brings it
 * back, purge deletes it from the recycle bin for good, auditPurge from the audit list.
 */
export type MaterialChange = 'delete' | 'restore' | 'purge' | 'auditPurge';

export interface ChangeTarget {
  appId: number;
  materialId: number;
}

const CALLS = {
  delete: materialCalls.remove,
  restore: materialCalls.restore,
  purge: materialCalls.purge,
  auditPurge: materialCalls.auditPurge,
} as const;

export const changeMaterial = (change: MaterialChange, { appId, materialId }: ChangeTarget) =>
  apiRequest(CALLS[change], { params: { appId, materialId } });

/** One change's mutation; every material list of the app refreshes after it. */
export const useChangeMaterial = (
  change: MaterialChange,
  {
    mutationConfig,
  }: { mutationConfig?: MutationConfig<(t: ChangeTarget) => ReturnType<typeof changeMaterial>> } = {},
) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: (target: ChangeTarget) => changeMaterial(change, target),
    onSettled: async (_data, _error, variables) => {
      await queryClient.invalidateQueries({ queryKey: materialsQueryKey(variables.appId) });
    },
  });
};
