import { i18n } from '../i18n';

/**
 * Each feature keeps its strings beside its code, in `features/<domain>/i18n/{en,zh,fr}.json`; they are merged into
 * the one `translation` namespace at start-up (their top-level keys are the feature's own).
 */
const files = import.meta.glob<Record<string, unknown>>('../features/*/i18n/*.json', {
  eager: true,
  import: 'default',
});

export const featureTranslations: Array<{
  feature: string;
  lang: string;
  resources: Record<string, unknown>;
}> = Object.entries(files).map(([path, resources]) => {
  const [, feature = '', lang = ''] = /features\/([^/]+)\/i18n\/(\w+)\.json$/.exec(path) ?? [];
  return { feature, lang, resources };
});

for (const { lang, resources } of featureTranslations)
  i18n.addResourceBundle(lang, 'translation', resources, true, false);
