import { z } from 'zod';
import { defineCall } from '../call';
import { AppIdParams } from './apps';
import { ATTRIBUTE_TYPES } from './user-conditions';

/** A name in each console language. */
export const LocalizedName = z.object({ en: z.string(), zh: z.string(), fr: z.string() });
export type LocalizedName = z.infer<typeof LocalizedName>;

export const DictEntry = z.object({ code: z.string(), name: LocalizedName });
export type DictEntry = z.infer<typeof DictEntry>;

/** Android API levels 14–35 with their release names (part 1 §3 Dictionaries). */
export const ANDROID_VERSIONS: ReadonlyArray<{ api: number; version: string }> = [
  [14, '4.0'],
  [15, '4.0.3'],
  [16, '4.1'],
  [17, '4.2'],
  [18, '4.3'],
  [19, '4.4'],
  [20, '4.4W'],
  [21, '5.0'],
  [22, '5.1'],
  [23, '6.0'],
  [24, '7.0'],
  [25, '7.1'],
  [26, '8.0'],
  [27, '8.1'],
  [28, '9'],
  [29, '10'],
  [30, '11'],
  [31, '12'],
  [32, '12L'],
  [33, '13'],
  [34, '14'],
  [35, '15'],
].map(([api, version]) => ({ api: api as number, version: version as string }));

/** Daily message kinds (part 1 §3): 1 ad, 2 distribute, 3 content. */
export const DAILY_MESSAGE_KINDS = [
  { value: 1, key: 'ad' },
  { value: 2, key: 'distribute' },
  { value: 3, key: 'content' },
] as const;

/** Statistics modes (part 1 §3): 0 all, 1 backend push, 2 AI push all, 3 AI push. */
export const STATISTICS_MODES = [
  { value: 0, key: 'all' },
  { value: 1, key: 'backendPush' },
  { value: 2, key: 'aiPushAll' },
  { value: 3, key: 'aiPush' },
] as const;

const Keyed = z.object({ value: z.number().int(), key: z.string() });

/** The platform-wide dictionaries. */
export const BaseDictionaries = z.object({
  countries: z.array(DictEntry),
  languages: z.array(DictEntry),
  subLanguages: z.array(DictEntry),
  androidVersions: z.array(z.object({ api: z.number().int(), version: z.string() })),
  utcOffsets: z.array(z.string()),
  dailyMessageKinds: z.array(Keyed),
  statisticsModes: z.array(Keyed),
});
export type BaseDictionaries = z.infer<typeof BaseDictionaries>;

export interface TagTreeNode {
  id: number;
  code: string;
  name: string;
  nameEn: string;
  children: TagTreeNode[];
}
/** An interest tag and the tags whose code extends its code with `_…` (`sport` → `sport_football`). */
export const TagTreeNode: z.ZodType<TagTreeNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    nameEn: z.string(),
    children: z.array(TagTreeNode),
  }),
);

/** The dictionaries of one app: the platform's plus what its devices and tags hold. */
export const AppDictionaries = BaseDictionaries.extend({
  brands: z.array(z.object({ brand: z.string(), models: z.array(z.string()) })),
  operators: z.array(z.string()),
  appVersions: z.array(z.string()),
  interestTags: z.array(TagTreeNode),
  audiencePackages: z.array(
    z.object({ id: z.number().int(), code: z.string(), name: z.string(), nameEn: z.string() }),
  ),
  /** Advanced target labels (tags, audience packages) are offered: global tag switch and the app's flag. */
  advancedTargeting: z.boolean(),
  /** The app's user attributes and event names, for attribute and event conditions (issue 33 §3), by key and name. */
  attributes: z.array(z.object({ key: z.string(), type: z.enum(ATTRIBUTE_TYPES) })).default([]),
  eventNames: z.array(z.string()).default([]),
});
export type AppDictionaries = z.infer<typeof AppDictionaries>;

export const dictionaryCalls = {
  all: defineCall({
    method: 'GET',
    path: '/tcm/v1/base/data/dict/all',
    summary: 'Platform dictionaries (countries, languages, versions, offsets, kinds)',
    data: BaseDictionaries,
  }),
  app: defineCall({
    method: 'GET',
    path: '/tcm/v1/base/data/dict/:appId/all',
    summary: 'An app’s dictionaries (adds brands, models, operators, tags)',
    params: AppIdParams,
    data: AppDictionaries,
  }),
};
