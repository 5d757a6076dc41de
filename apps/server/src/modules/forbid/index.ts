export { forbidModule } from './forbid.module';
