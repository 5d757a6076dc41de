/** The sensitive-words module's public entry: its routes, and the content check message saving runs. */
export { sensitiveWordsModule } from './sensitive-words.module';
export { checkContent } from './content-check';
