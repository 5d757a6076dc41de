import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type z } from 'zod';
import { auditCalls, type PolicyAuditQuery } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export type AuditFilter = z.input<typeof PolicyAuditQuery>;

export const getAudit = (filter: AuditFilter) => apiRequest(auditCalls.list, { query: filter });

export const AUDIT_QUERY_KEY = ['audit'] as const;

export const getAuditQueryOptions = (filter: AuditFilter) =>
  queryOptions({
    queryKey: [...AUDIT_QUERY_KEY, filter],
    queryFn: () => getAudit(filter),
    placeholderData: keepPreviousData,
  });

export const useAudit = (filter: AuditFilter, enabled = true) =>
  useQuery({ ...getAuditQueryOptions(filter), enabled });
