import { ErrorCodes, templateVariables } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { ReviewNotices } from '../../platform/review-notices';
import type { ModuleContext, ModuleParts } from '../context';
import { MaterialNotices } from './material-notices';
import { MaterialsRepository } from './materials.repository';
import { MaterialsReadService } from './materials-read.service';
import { registerMaterialsRoutes } from './materials.routes';
import { MaterialsService } from './materials.service';

/** The material library (docs/materials.md): its reads, its changes, and the review mails, on one repository. */
export function materialsModule(ctx: ModuleContext): ModuleParts {
  const { app, repos, database } = ctx;
  const repo = new MaterialsRepository(database);
  const reads = new MaterialsReadService(repo);
  const service = new MaterialsService(repo, async (appId) =>
    templateVariables((await ctx.templateValues.attributeKeys(appId)).keys()),
  );
  // the review mails: never awaited by a request, never failing it (logged)
  const notices = new MaterialNotices({
    notices: new ReviewNotices({
      database,
      mailer: ctx.mailer,
      publicUrl: ctx.config.publicUrl,
      log: app.log,
    }),
    repo,
    log: app.log,
  });
  const appOf = async (appId: number) => {
    const found = await repos.apps.findById(appId);
    if (!found) throw new ApiError(ErrorCodes.APP_UNKNOWN);
    return found;
  };
  return { routes: () => registerMaterialsRoutes(app, { reads, service, notices, appOf }) };
}
