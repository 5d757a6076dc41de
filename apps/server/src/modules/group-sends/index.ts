export { groupSendsModule } from './group-sends.module';
export type { AbTestSaver, GroupSendsService } from './group-sends.service';
