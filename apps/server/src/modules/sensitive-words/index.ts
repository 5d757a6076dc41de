/** The sensitive-words module's public entry: its routes, and the content check message saving runs. */
export { registerSensitiveWordsModule } from './sensitive-words.routes';
export { checkContent } from './content-check';
