export { abTestsModule } from './ab-tests.module';
