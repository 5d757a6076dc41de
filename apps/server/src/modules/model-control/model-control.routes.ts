import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ErrorCodes,
  MODEL_CONTROL_LIMITS,
  MODEL_CONTROL_PATHS,
  modelControlCalls,
  ShieldType,
} from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import { readUpload } from '../../lib/multipart';
import { registerCall, registerRawRoute, type Access } from '../../lib/register-call';
import type { SessionInfo } from '../../plugins/auth';
import { modelControlPolicy } from './model-control.policy';
import type { ModelControlService } from './model-control.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const actorOf = (session: SessionInfo) => ({ id: session.user.id, email: session.user.email });

async function readSheet(req: FastifyRequest): Promise<Buffer> {
  const { data, filename } = await readUpload(req, {
    maxBytes: MODEL_CONTROL_LIMITS.uploadMaxBytes,
    tooBig: () => new ApiError(ErrorCodes.FILE_TOO_BIG),
  });
  if (!/\.xlsx$/i.test(filename)) throw fieldError('file', 'must be an .xlsx spreadsheet');
  return data;
}

function sendXlsx(reply: FastifyReply, name: string, data: Buffer): FastifyReply {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(data);
}

/** The "mobile models" tab of /platformsettings: the two shielding lists, market countries, spreadsheets. */
export function registerModelControlRoutes(app: FastifyInstance, models: ModelControlService): void {
  const { admin } = modelControlPolicy;

  registerCall(app, modelControlCalls.list, admin, async ({ body }) => models.list(body));
  registerCall(app, modelControlCalls.save, admin, async ({ body, session }) => ({
    id: await models.add(body, actorOf(session)),
  }));
  registerCall(app, modelControlCalls.edit, admin, async ({ body: { id, ...input }, session }) => {
    await models.edit(id, input, actorOf(session));
    return {};
  });
  registerCall(app, modelControlCalls.remove, admin, async ({ body, session }) => {
    await models.remove(body.id, actorOf(session));
    return {};
  });
  registerCall(app, modelControlCalls.upload, admin, async ({ query, req, session }) =>
    models.previewUpload(query.shieldType, await readSheet(req), session.user.id),
  );
  registerCall(app, modelControlCalls.confirmUpload, admin, async ({ body, session }) =>
    models.confirmUpload(body.uploadId, session.user.id, actorOf(session)),
  );
  registerCall(app, modelControlCalls.countries, admin, async ({ req }) => models.countries(req.lang));
  registerCall(app, modelControlCalls.saveCountries, admin, async ({ body, session, req }) =>
    models.saveCountries(body.market, body.countries, actorOf(session), req.lang),
  );

  // file downloads answer with the file itself: raw routes with the same access guard
  const get = (url: string, summary: string, access: Access) => ({
    method: 'GET' as const,
    url,
    summary,
    access,
  });
  registerRawRoute(
    app,
    get(MODEL_CONTROL_PATHS.download, 'Download a shielding list', admin),
    async ({ req, reply }) => {
      const parsed = ShieldType.safeParse((req.query as { shieldType?: unknown }).shieldType);
      if (!parsed.success) throw fieldError('shieldType', 'must be 1 (ad shielding) or 2 (global shielding)');
      const name = parsed.data === 1 ? 'ads_shield_list.xlsx' : 'global_shield_list.xlsx';
      return sendXlsx(reply, name, await models.download(parsed.data));
    },
  );
  const { template } = modelControlPolicy;
  registerRawRoute(
    app,
    get(MODEL_CONTROL_PATHS.adsTemplate, 'The ad-shielding template', template),
    async ({ reply }) => sendXlsx(reply, 'ads_shield.xlsx', await models.template(1)),
  );
  registerRawRoute(
    app,
    get(MODEL_CONTROL_PATHS.globalTemplate, 'The global-shielding template', template),
    async ({ reply }) => sendXlsx(reply, 'global_shield2.xlsx', await models.template(2)),
  );
}
