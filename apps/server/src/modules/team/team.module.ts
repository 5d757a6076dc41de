import type { ModuleContext, ModuleParts } from '../context';
import { TeamRepository } from './team.repository';
import { registerTeamRoutes } from './team.routes';
import { TeamService } from './team.service';

/** Team members and invitations: the service with the users, the mailer and the public URL of its links. */
export function teamModule({ app, config, database, mailer, repos, services }: ModuleContext): ModuleParts {
  const team = new TeamService({
    repo: new TeamRepository(database.db),
    users: repos.users,
    mailer,
    publicUrl: config.publicUrl,
    registrationEnabled: config.registrationEnabled,
  });
  const cookie = { secure: config.cookieSecure, ttlMs: config.sessionTtlMs };
  return {
    routes: () => registerTeamRoutes(app, { team, apps: repos.apps, users: services.users, cookie }),
  };
}
