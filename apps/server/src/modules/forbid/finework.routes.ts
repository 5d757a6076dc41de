import type { FastifyReply, FastifyRequest } from 'fastify';
import { FINEWORK_PATHS, FineworkDownloadQuery, fineworkCalls as calls } from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import { registerCall } from '../../lib/register-call';
import type { SessionInfo } from '../../plugins/auth';
import { isPlatformAdmin } from '../audit/audit.policy';
import type { ModuleContext } from '../context';
import { FineworkRepository } from './finework.repository';
import { FineworkService } from './finework.service';
import { forbidPolicy } from './forbid.policy';

const actorOf = (session: SessionInfo) => ({ id: session.user.id, email: session.user.email });

function sendCsv(reply: FastifyReply, name: string, text: string): FastifyReply {
  // a BOM so that spreadsheet programs read the UTF-8 (Chinese names, accents) correctly
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(`\uFEFF${text}`);
}

/** The fine-work tab of /platformsettings (levels 100 and 150): country bans and time windows, CSV downloads. */
export function registerFineworkRoutes({ app, database }: ModuleContext): void {
  const finework = new FineworkService(new FineworkRepository(database));
  const { admin } = forbidPolicy;

  registerCall(app, calls.summary, admin, () => finework.summary());
  registerCall(app, calls.platformCountries, admin, async ({ req }) => ({
    list: await finework.countries(null, req.lang),
  }));
  registerCall(app, calls.platformCountryAdd, admin, ({ body, session }) =>
    finework.addCountries(null, body.countryCodes, actorOf(session)),
  );
  registerCall(app, calls.platformCountryDelete, admin, async ({ body, session }) => {
    await finework.removeCountry(null, body.countryCode, actorOf(session));
    return {};
  });
  registerCall(app, calls.appCountries, admin, async ({ body, req }) => ({
    list: await finework.countries(body.appId, req.lang),
  }));
  registerCall(app, calls.appCountryAdd, admin, ({ body, session }) =>
    finework.addCountries(body.appId, body.countryCodes, actorOf(session)),
  );
  registerCall(app, calls.appCountryDelete, admin, async ({ body, session }) => {
    await finework.removeCountry(body.appId, body.countryCode, actorOf(session));
    return {};
  });
  registerCall(app, calls.times, admin, async ({ body, req }) => ({
    list: await finework.windows(body.appId, req.lang),
  }));
  registerCall(app, calls.timesAdd, admin, async ({ body, session }) => ({
    list: await finework.addWindows(body, actorOf(session)),
  }));
  registerCall(app, calls.timesDelete, admin, async ({ body, session }) => {
    await finework.removeWindows(body, actorOf(session));
    return {};
  });

  // the downloads answer with the file itself, so they are plain routes with the same access rule
  const download = async (req: FastifyRequest) => {
    if (!req.session) throw new ApiError(401);
    if (!isPlatformAdmin(req.session.user.ulevel)) throw new ApiError(1002);
    const parsed = FineworkDownloadQuery.safeParse(req.query ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw fieldError(String(issue?.path[0] ?? 'query'), issue?.message ?? 'is invalid');
    }
    const { appId, lang = req.lang } = parsed.data;
    return { appId, lang, suffix: appId === undefined ? 'all' : `app${appId}` };
  };
  app.get(FINEWORK_PATHS.countryDownload, async (req, reply) => {
    const q = await download(req);
    return sendCsv(reply, `forbid_countries_${q.suffix}.csv`, await finework.countryCsv(q.appId, q.lang));
  });
  app.get(FINEWORK_PATHS.timeDownload, async (req, reply) => {
    const q = await download(req);
    return sendCsv(reply, `forbid_times_${q.suffix}.csv`, await finework.timeCsv(q.appId, q.lang));
  });
}
