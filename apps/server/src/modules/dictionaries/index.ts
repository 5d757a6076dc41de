export { registerDictionariesModule } from './dictionaries.routes';
