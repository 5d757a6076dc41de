export { teamModule } from './team.module';
