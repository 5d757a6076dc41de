import type { ModuleContext, ModuleParts } from '../context';
import { checkContent } from '../sensitive-words';
import { AiProvider } from './ai.provider';
import { AiRepository } from './ai.repository';
import { registerAiRoutes } from './ai.routes';
import { AiService } from './ai.service';

/** The AI assistant and translation (issue 16): the configured provider, its tracking, the sensitive-word check. */
export function aiModule({ app, config, database }: ModuleContext): ModuleParts {
  const ai = new AiService({
    provider: new AiProvider(config.ai),
    repo: new AiRepository(database),
    checkContent: (appId, content) => checkContent(database, appId, content),
  });
  return { routes: () => registerAiRoutes(app, ai) };
}
