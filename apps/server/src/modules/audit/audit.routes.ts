import { auditCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { ModuleContext } from '../context';
import { auditPolicy } from './audit.policy';
import { AuditRepository } from './audit.repository';

/** The policy audit log (issue 5 item 8): read-only; modules write it with `record` inside their transactions. */
export function registerAuditModule({ app, database }: ModuleContext): void {
  const audit = new AuditRepository(database);
  registerCall(app, auditCalls.list, auditPolicy.read, async ({ query }) => audit.list(query));
}
