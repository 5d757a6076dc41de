import type { ContentByLanguage, ContentCheckResult } from '@beacon/shared';
import type { Database } from '../../db/client';
import { SensitiveWordsRepository } from './sensitive-words.repository';
import { SensitiveWordsService } from './sensitive-words.service';

/**
 * The content check for any module (message save, materials, test preview): the platform's and the app's sensitive
 * words found in `content`, per language and field. Turn the result into 60000 / 60001 / 60003 with
 * `contentCheckCode(result, { mayForce })` of @beacon/shared.
 */
export function checkContent(
  database: Database,
  appId: number,
  content: ContentByLanguage,
): Promise<ContentCheckResult> {
  return new SensitiveWordsService(new SensitiveWordsRepository(database)).checkContent(appId, content);
}
