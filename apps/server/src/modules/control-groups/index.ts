/** The control groups module's public entry (issue 34 §1). */
export { controlGroupsModule } from './control-groups.module';
