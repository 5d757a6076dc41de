import { troubleshootingCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { FastifyInstance } from 'fastify';
import type { TroubleshootingMessageService } from './troubleshooting-message.service';
import { troubleshootingPolicy } from './troubleshooting.policy';
import type { TroubleshootingService } from './troubleshooting.service';

/**
 * Troubleshooting (/app/:appId/troubleshooting/equipment): any member of the project may look a device up, and trace
 * one message for it.
 */
export function registerTroubleshootingRoutes(
  app: FastifyInstance,
  {
    troubleshooting,
    messages,
  }: { troubleshooting: TroubleshootingService; messages: TroubleshootingMessageService },
): void {
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
