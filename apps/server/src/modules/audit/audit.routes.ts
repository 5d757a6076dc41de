import { auditCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { FastifyInstance } from 'fastify';
import { auditPolicy } from './audit.policy';
import type { AuditRepository } from './audit.repository';

/** The policy audit log (issue 5 item 8): read-only; modules write it with `record` inside their transactions. */
export function registerAuditRoutes(app: FastifyInstance, audit: AuditRepository): void {
  registerCall(app, auditCalls.list, auditPolicy.read, async ({ query }) => audit.list(query));
}
