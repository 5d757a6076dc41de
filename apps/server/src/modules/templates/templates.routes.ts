import { templateCalls } from '@beacon/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { templatesPolicy } from './templates.policy';
import type { TemplatesService } from './templates.service';

/** Personalised content's preview (msg/template/values). */
export function registerTemplateRoutes(app: FastifyInstance, templates: TemplatesService): void {
  registerCall(app, templateCalls.values, templatesPolicy.preview, async ({ params, body }) =>
    templates.values(params.appId, body.instanceId),
  );
}
