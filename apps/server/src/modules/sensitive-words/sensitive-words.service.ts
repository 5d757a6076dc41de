import {
  checkContentAgainst,
  ErrorCodes,
  parseWordList,
  SENSITIVE_IMPORT_MAX_WORDS,
  SENSITIVE_WORD_MAX,
  type ContentByLanguage,
  type ContentCheckResult,
  type SensitiveAddResult,
  type SensitiveList,
  type SensitiveListRequest,
} from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import type { Actor, ListScope, SensitiveWordsRepository } from './sensitive-words.repository';

/** The sensitive word lists and the content check every message and material goes through. */
export class SensitiveWordsService {
  constructor(private readonly repo: SensitiveWordsRepository) {}

  list(appId: ListScope, filter: SensitiveListRequest): Promise<SensitiveList> {
    return this.repo.list(appId, filter);
  }

  add(appId: ListScope, word: string, actor: Actor): Promise<SensitiveAddResult> {
    return this.repo.add(appId, [word.trim().replace(/\s+/g, ' ')], 'create', actor);
  }

  /** Imports pasted text (one per line or comma-separated); refuses it whole, naming the words, if any is too long. */
  async import(appId: ListScope, text: string, actor: Actor): Promise<SensitiveAddResult> {
    const { words, tooLong } = parseWordList(text);
    if (tooLong.length > 0) {
      throw fieldError(
        'text',
        `has words longer than ${SENSITIVE_WORD_MAX} characters: ${tooLong
          .slice(0, 3)
          .map((w) => `${w.slice(0, 20)}…`)
          .join(', ')}`,
      );
    }
    if (words.length === 0)
      throw fieldError('text', 'has no words: write one per line or separate them with commas');
    if (words.length > SENSITIVE_IMPORT_MAX_WORDS)
      throw fieldError('text', `has more than ${SENSITIVE_IMPORT_MAX_WORDS} words`);
    return this.repo.add(appId, words, 'import', actor);
  }

  /**
   * Removes words of one list by id. An id that is not a word of this list (another app's, the platform's, or gone)
   * refuses the whole call as not found, and nothing is removed.
   */
  async remove(appId: ListScope, ids: number[], actor: Actor): Promise<number> {
    const found = new Set(await this.repo.idsIn(appId, ids));
    if (ids.some((id) => !found.has(id))) throw new ApiError(ErrorCodes.NOT_FOUND);
    return this.repo.remove(appId, ids, actor);
  }

  /**
   * Checks every field of every language against the platform list and the app's list. A word on both lists is
   * reported under `platform` only.
   */
  async checkContent(appId: number, content: ContentByLanguage): Promise<ContentCheckResult> {
    const [platformWords, appWords] = await Promise.all([this.repo.words(null), this.repo.words(appId)]);
    const onPlatform = new Set(platformWords.map((w) => w.toLowerCase()));
    return {
      platform: checkContentAgainst(content, platformWords),
      app: checkContentAgainst(
        content,
        appWords.filter((w) => !onPlatform.has(w.toLowerCase())),
      ),
    };
  }
}
