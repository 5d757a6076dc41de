export { registerTeamModule } from './team.routes';
