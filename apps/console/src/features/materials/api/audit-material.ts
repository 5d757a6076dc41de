import { useMutation, useQueryClient } from '@tanstack/react-query';
import { materialCalls, MaterialStatus } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { materialsQueryKey } from './get-materials';

export interface AuditTarget {
  appId: number;
  materialId: number;
  /** Pass, or reject with the reason its author reads (1–200 characters). */
  decision: { pass: true } | { pass: false; reason: string };
}

/** Passes (1) or rejects (4) a material waiting for review (setMaterialAuditResult). */
export const auditMaterial = ({ appId, materialId, decision }: AuditTarget) =>
  apiRequest(materialCalls.audit, {
    params: { appId, materialId },
    body: decision.pass
      ? { action: MaterialStatus.PASSED }
      : { action: MaterialStatus.REJECTED, reason: decision.reason },
  });

export const useAuditMaterial = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof auditMaterial> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: auditMaterial,
    onSettled: async (_data, _error, variables) => {
      await queryClient.invalidateQueries({ queryKey: materialsQueryKey(variables.appId) });
    },
  });
};
