import { ErrorCodes, MATERIAL_LIMITS, materialCalls, MaterialCreateType } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { readUpload } from '../../lib/multipart';
import { registerCall } from '../../lib/register-call';
import type { SessionInfo } from '../../plugins/auth';
import type { ModuleContext } from '../context';
import { registerMaterialTemplates } from './material-templates.routes';
import { parseMaterialSheet } from './material-sheet';
import { materialsPolicy as policy } from './materials.policy';
import { MaterialsRepository } from './materials.repository';
import { MaterialsReadService } from './materials-read.service';
import { MaterialsService } from './materials.service';

const actorOf = (session: SessionInfo) => ({ id: session.user.id, email: session.user.email });

/** The material library (spec part 2 §7 Materials; docs/materials.md): lists, detail, changes, review, import. */
export function registerMaterialsModule(ctx: ModuleContext): void {
  const { app, repos, database } = ctx;
  const repo = new MaterialsRepository(database);
  const reads = new MaterialsReadService(repo);
  const service = new MaterialsService(repo);
  const appOf = async (appId: number) => {
    const found = await repos.apps.findById(appId);
    if (!found) throw new ApiError(ErrorCodes.APP_UNKNOWN);
    return found;
  };

  registerCall(app, materialCalls.list, policy.use, async ({ params, body }) =>
    reads.list(params.appId, body, 'list'),
  );
  registerCall(app, materialCalls.auditList, policy.use, async ({ params, body }) =>
    reads.list(params.appId, body, 'audit'),
  );
  registerCall(app, materialCalls.subList, policy.use, async ({ params }) =>
    reads.languages(params.appId, params.materialId),
  );
  registerCall(app, materialCalls.detail, policy.use, async ({ params }) =>
    reads.detail(params.appId, params.materialId),
  );
  registerCall(app, materialCalls.report, policy.use, async ({ params, body }) =>
    reads.report(params.appId, params.materialId, body),
  );
  registerCall(app, materialCalls.create, policy.use, async ({ params, body, session }) =>
    service.create(await appOf(params.appId), actorOf(session), body, MaterialCreateType.HANDMADE),
  );
  registerCall(app, materialCalls.apiCreate, policy.use, async ({ params, body, session }) =>
    service.create(await appOf(params.appId), actorOf(session), body, MaterialCreateType.API),
  );
  registerCall(app, materialCalls.edit, policy.use, async ({ params, body, session }) =>
    service.edit(await appOf(params.appId), actorOf(session), params.materialId, body),
  );
  registerCall(app, materialCalls.remove, policy.use, async ({ params, session }) =>
    service.remove(await appOf(params.appId), actorOf(session), params.materialId),
  );
  registerCall(app, materialCalls.restore, policy.purge, async ({ params, session }) =>
    service.restore(await appOf(params.appId), actorOf(session), params.materialId),
  );
  registerCall(app, materialCalls.purge, policy.purge, async ({ params, session }) =>
    service.purge(await appOf(params.appId), actorOf(session), params.materialId),
  );
  registerCall(app, materialCalls.auditPurge, policy.purge, async ({ params, session }) =>
    service.auditPurge(await appOf(params.appId), actorOf(session), params.materialId),
  );
  registerCall(app, materialCalls.audit, policy.review, async ({ params, body, session }) =>
    service.audit(await appOf(params.appId), actorOf(session), params.materialId, body),
  );

  // the Excel import: every bad cell is answered and nothing is created, or every row is created (one transaction)
  registerCall(app, materialCalls.upload, policy.use, async ({ params, req, session }) => {
    const target = await appOf(params.appId);
    // the sheet itself says whether it is an .xlsx (an .xls or another file is a problem of row 0)
    const { data } = await readUpload(req, {
      maxBytes: MATERIAL_LIMITS.importBytesMax,
      tooBig: () => new ApiError(ErrorCodes.MATERIAL_SHEET_TOO_LARGE),
    });
    const { rows, problems } = await parseMaterialSheet(data);
    if (problems.length > 0) return { created: [], problems };
    return { created: await service.importRows(target, actorOf(session), rows), problems: [] };
  });

  // the import's template (made by the code that reads it) and the GAID file's: public, they hold no data
  registerMaterialTemplates(app);
}
