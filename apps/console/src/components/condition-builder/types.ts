import type { AttributeTypeName, TagTreeNode } from '@beacon/shared';

export interface DictOption {
  value: string;
  label: string;
}

/**
 * What the builder offers in its value pickers, already named in the console language. The caller (a feature hook
 * such as useDictionaries) loads it; the builder imports no feature.
 */
export interface ConditionDictionaries {
  countries: DictOption[];
  languages: DictOption[];
  brands: ReadonlyArray<{ brand: string; models: string[] }>;
  operators: string[];
  appVersions: string[];
  androidVersions: ReadonlyArray<{ api: number; version: string }>;
  interestTags: TagTreeNode[];
  audiencePackages: ReadonlyArray<{ id: number; code: string; name: string }>;
  /** Offer advanced labels (tags, audience packages). */
  advancedTargeting: boolean;
  /** The app's user attributes and event names (attribute and event rows). */
  attributes: ReadonlyArray<{ key: string; type: AttributeTypeName }>;
  eventNames: readonly string[];
}
