import type { FastifyRequest } from 'fastify';
import { FINEWORK_PATHS, FineworkDownloadQuery, fineworkCalls as calls } from '@beacon/shared';
import { fieldError } from '../../lib/api-error';
import { sendCsv } from '../../lib/csv';
import { registerCall, registerRawRoute } from '../../lib/register-call';
import type { SessionInfo } from '../../plugins/auth';
import type { FastifyInstance } from 'fastify';
import type { FineworkService } from './finework.service';
import { forbidPolicy } from './forbid.policy';

const actorOf = (session: SessionInfo) => ({ id: session.user.id, email: session.user.email });

/** The fine-work tab of /platformsettings (levels 100 and 150): country bans and time windows, CSV downloads. */
export function registerFineworkRoutes(app: FastifyInstance, finework: FineworkService): void {
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

  // the downloads answer with the file itself: raw routes with the same access guard
  const download = (req: FastifyRequest) => {
    const parsed = FineworkDownloadQuery.safeParse(req.query ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw fieldError(String(issue?.path[0] ?? 'query'), issue?.message ?? 'is invalid');
    }
    const { appId, lang = req.lang } = parsed.data;
    return { appId, lang, suffix: appId === undefined ? 'all' : `app${appId}` };
  };
  const summary = 'CSV download of the fine-work bans';
  registerRawRoute(
    app,
    { method: 'GET', url: FINEWORK_PATHS.countryDownload, summary, access: admin },
    async ({ req, reply }) => {
      const q = download(req);
      return sendCsv(reply, `forbid_countries_${q.suffix}.csv`, await finework.countryCsv(q.appId, q.lang));
    },
  );
  registerRawRoute(
    app,
    { method: 'GET', url: FINEWORK_PATHS.timeDownload, summary, access: admin },
    async ({ req, reply }) => {
      const q = download(req);
      return sendCsv(reply, `forbid_times_${q.suffix}.csv`, await finework.timeCsv(q.appId, q.lang));
    },
  );
}
