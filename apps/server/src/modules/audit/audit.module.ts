import type { ModuleContext, ModuleParts } from '../context';
import { AuditRepository } from './audit.repository';
import { registerAuditRoutes } from './audit.routes';

/** The policy audit log (issue 5 item 8): its repository, read by its one route. */
export function auditModule({ app, database }: ModuleContext): ModuleParts {
  const audit = new AuditRepository(database);
  return { routes: () => registerAuditRoutes(app, audit) };
}
