/** The AI module's public entry: the assistant, translation and their tracking routes (issue 16). */
export { aiModule } from './ai.module';
