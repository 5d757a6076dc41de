import { troubleshootingCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { ModuleContext } from '../context';
import { troubleshootingPolicy } from './troubleshooting.policy';
import { TroubleshootingRepository } from './troubleshooting.repository';
import { TroubleshootingService } from './troubleshooting.service';

/** Troubleshooting (/app/:appId/troubleshooting/equipment): any member of the project may look a device up. */
export function registerTroubleshootingModule({ app, database }: ModuleContext): void {
  const troubleshooting = new TroubleshootingService(new TroubleshootingRepository(database));

  registerCall(app, troubleshootingCalls.query, troubleshootingPolicy.lookup, async ({ params, body, req }) =>
    troubleshooting.lookup(params.appId, body, req.lang),
  );
}
