export { dictionariesModule } from './dictionaries.module';
