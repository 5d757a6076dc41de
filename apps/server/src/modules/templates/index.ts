export { templatesModule } from './templates.module';
