import { troubleshootingCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { ModuleContext } from '../context';
import { TroubleshootingMessageRepository } from './troubleshooting-message.repository';
import { TroubleshootingMessageService } from './troubleshooting-message.service';
import { troubleshootingPolicy } from './troubleshooting.policy';
import { TroubleshootingRepository } from './troubleshooting.repository';
import { TroubleshootingService } from './troubleshooting.service';

/**
 * Troubleshooting (/app/:appId/troubleshooting/equipment): any member of the project may look a device up, and trace
 * one message for it.
 */
export function registerTroubleshootingModule({ app, database }: ModuleContext): void {
  const troubleshooting = new TroubleshootingService(new TroubleshootingRepository(database));
  const messages = new TroubleshootingMessageService(new TroubleshootingMessageRepository(database));
  registerCall(app, troubleshootingCalls.query, troubleshootingPolicy.lookup, async ({ params, body, req }) =>
    troubleshooting.lookup(params.appId, body, req.lang),
  );
  registerCall(
    app,
    troubleshootingCalls.message,
    troubleshootingPolicy.lookup,
    async ({ params, body, req }) => messages.trace(params.appId, body, req.lang),
  );
}
