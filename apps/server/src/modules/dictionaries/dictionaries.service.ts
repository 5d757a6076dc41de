import {
  ErrorCodes,
  ANDROID_VERSIONS,
  CUSTOM_SUB_LANGUAGES,
  DAILY_MESSAGE_KINDS,
  STATISTICS_MODES,
  advancedLabelsAllowed,
  countryCodes,
  countryName,
  languageCodes,
  languageName,
  utcOffsets,
  type AppDictionaries,
  type BaseDictionaries,
  type DictEntry,
  type TagTreeNode,
} from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import type { VocabularyOf } from '../../audience/check-conditions';
import type { DictionariesRepository } from './dictionaries.repository';

const LANGS = ['en', 'zh', 'fr'] as const;

function entry(code: string, name: (code: string, lang: 'en' | 'zh' | 'fr') => string): DictEntry {
  const [en, zh, fr] = LANGS.map((lang) => name(code, lang)) as [string, string, string];
  return { code, name: { en, zh, fr } };
}

/**
 * Builds the interest-tag tree: a tag's parent is the tag with the longest code that its code extends with `_`
 * (`sport` ← `sport_football` ← `sport_football_eu`); tags without one are roots. Codes compare case-insensitively.
 */
export function tagTree(
  tags: ReadonlyArray<{ id: number; code: string; name: string; nameEn: string }>,
): TagTreeNode[] {
  const nodes = new Map(
    tags.map((t) => [
      t.code.toLowerCase(),
      { id: t.id, code: t.code, name: t.name, nameEn: t.nameEn, children: [] as TagTreeNode[] },
    ]),
  );
  const roots: TagTreeNode[] = [];
  for (const [key, node] of nodes) {
    let parent: TagTreeNode | undefined;
    for (let cut = key.lastIndexOf('_'); cut > 0 && !parent; cut = key.lastIndexOf('_', cut - 1))
      parent = nodes.get(key.slice(0, cut));
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The dictionaries: platform-wide (computed once from ICU) and per app (from its devices and tags). */
export class DictionariesService {
  private base: BaseDictionaries | undefined;

  constructor(
    private readonly repo: DictionariesRepository,
    /** The platform's global tag switch. */
    private readonly tagSwitchOn: () => Promise<boolean>,
    /** The app's user attributes and event names (none without it). */
    private readonly vocabularyOf?: VocabularyOf,
  ) {}

  all(): BaseDictionaries {
    this.base ??= {
      countries: countryCodes().map((code) => entry(code, countryName)),
      languages: languageCodes().map((code) => entry(code, languageName)),
      subLanguages: CUSTOM_SUB_LANGUAGES.map((code) => entry(code, languageName)),
      androidVersions: [...ANDROID_VERSIONS],
      utcOffsets: utcOffsets(),
      dailyMessageKinds: DAILY_MESSAGE_KINDS.map((k) => ({ ...k })),
      statisticsModes: STATISTICS_MODES.map((k) => ({ ...k })),
    };
    return this.base;
  }

  async forApp(appId: number): Promise<AppDictionaries> {
    const advanceTarget = await this.repo.advanceTarget(appId);
    if (advanceTarget === undefined) throw new ApiError(ErrorCodes.APP_UNKNOWN);
    const brands = new Map<string, string[]>();
    for (const { brand, model } of await this.repo.brandModels(appId)) {
      const models = brands.get(brand) ?? [];
      models.push(model);
      brands.set(brand, models);
    }
    const tags = (await this.repo.tags(appId)).map((t) => ({
      id: t.id,
      code: t.code,
      name: t.name,
      nameEn: t.name_en,
      flag: t.flag,
    }));
    const strip = ({ id, code, name, nameEn }: (typeof tags)[number]) => ({ id, code, name, nameEn });
    return {
      ...this.all(),
      brands: [...brands].map(([brand, models]) => ({ brand, models })),
      operators: await this.repo.operators(appId),
      appVersions: await this.repo.appVersions(appId),
      interestTags: tagTree(tags.filter((t) => t.flag === 'LABEL').map(strip)),
      audiencePackages: tags.filter((t) => t.flag === 'GROUP').map(strip),
      advancedTargeting: advancedLabelsAllowed(await this.tagSwitchOn(), advanceTarget),
      ...(await this.userVocabulary(appId)),
    };
  }

  /** The attribute keys (by key) and event names (by name) the condition builder offers. */
  private async userVocabulary(appId: number): Promise<Pick<AppDictionaries, 'attributes' | 'eventNames'>> {
    if (!this.vocabularyOf) return { attributes: [], eventNames: [] };
    const { attributes, events } = await this.vocabularyOf(appId);
    return {
      attributes: [...attributes]
        .map(([key, type]) => ({ key, type }))
        .sort((a, b) => (a.key < b.key ? -1 : 1)),
      eventNames: [...events].sort(),
    };
  }
}
