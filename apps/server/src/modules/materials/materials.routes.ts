import type { FastifyInstance } from 'fastify';
import {
  ErrorCodes,
  MATERIAL_LIMITS,
  materialCalls,
  MaterialCreateType,
  MaterialStatus,
  type MaterialSave,
  type MessageLang,
} from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { readUpload } from '../../lib/multipart';
import { registerCall } from '../../lib/register-call';
import type { SessionInfo } from '../../plugins/auth';
import type { AppRecord } from '../apps';
import type { MaterialNotices, ChangedMaterial } from './material-notices';
import { registerMaterialTemplates } from './material-templates.routes';
import { parseMaterialSheet } from './material-sheet';
import { materialsPolicy as policy } from './materials.policy';
import type { MaterialsReadService } from './materials-read.service';
import type { MaterialsService, MaterialChanged } from './materials.service';

const actorOf = (session: SessionInfo) => ({ id: session.user.id, email: session.user.email });
/** Who a review mail is from, in the language of their request (docs/materials.md, "The review"). */
const noticeActor = (session: SessionInfo, req: { lang: MessageLang }) => ({
  email: session.user.email,
  lang: req.lang,
});
/** A change's answer with what its mail names of the material. */
const named = (
  done: MaterialChanged,
  body: Pick<MaterialSave, 'materialType' | 'title'>,
): ChangedMaterial => ({
  ...done,
  materialType: body.materialType,
  title: body.title,
});

/** The material library (spec part 2 §7 Materials; docs/materials.md): lists, detail, changes, review, import. */
export function registerMaterialsRoutes(
  app: FastifyInstance,
  deps: {
    reads: MaterialsReadService;
    service: MaterialsService;
    /** the review mails: never awaited by a request, never failing it (logged) */
    notices: MaterialNotices;
    /** the app of the call (known) */
    appOf: (appId: number) => Promise<AppRecord>;
  },
): void {
  const { reads, service, notices, appOf } = deps;

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
  registerCall(app, materialCalls.create, policy.use, async ({ params, body, session, req }) => {
    const target = await appOf(params.appId);
    const done = await service.create(target, actorOf(session), body, MaterialCreateType.HANDMADE);
    notices.waiting(target, [named(done, body)], noticeActor(session, req));
    return done;
  });
  registerCall(app, materialCalls.apiCreate, policy.use, async ({ params, body, session, req }) => {
    const target = await appOf(params.appId);
    const done = await service.create(target, actorOf(session), body, MaterialCreateType.API);
    notices.waiting(target, [named(done, body)], noticeActor(session, req));
    return done;
  });
  registerCall(app, materialCalls.edit, policy.use, async ({ params, body, session, req }) => {
    const target = await appOf(params.appId);
    const done = await service.edit(target, actorOf(session), params.materialId, body);
    notices.waiting(target, [named(done, body)], noticeActor(session, req));
    return done;
  });
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
  registerCall(app, materialCalls.audit, policy.review, async ({ params, body, session, req }) => {
    const target = await appOf(params.appId);
    const done = await service.audit(target, actorOf(session), params.materialId, body);
    const reason = body.action === MaterialStatus.REJECTED ? body.reason : '';
    notices.decided(target, done.materialId, done.status, reason, noticeActor(session, req));
    return done;
  });

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
    const created = await service.importRows(target, actorOf(session), rows);
    // one mail per reviewer listing the import's materials, rather than one per material
    notices.waiting(
      target,
      created.map((done, i) => named(done, rows[i]!)),
      noticeActor(session, req),
    );
    return { created, problems: [] };
  });

  // the import's template (made by the code that reads it) and the GAID file's: public, they hold no data
  registerMaterialTemplates(app);
}
